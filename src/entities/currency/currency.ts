// The display currency the visitor picked (docs/product.md §11: USD, EUR, GBP, AUD; base USD), kept in
// localStorage `currency` (./device-store.ts) and shared by every component that shows a price.
import { useSyncExternalStore } from 'react'

import { BASE_CURRENCY } from '@/domain/constants'
import type { Currency } from '@/domain/enums'
import { DEVICE_ENTRIES, readDevice, subscribeDevice, writeDevice } from '@/lib/device-store'

export function readCurrency(): Currency {
  return readDevice(DEVICE_ENTRIES.currency)
}

export function storeCurrency(currency: Currency): void {
  writeDevice(DEVICE_ENTRIES.currency, currency)
}

const subscribe = (onChange: () => void) => subscribeDevice(DEVICE_ENTRIES.currency, onChange)

export function useCurrency(): Currency {
  return useSyncExternalStore(subscribe, readCurrency, () => BASE_CURRENCY)
}
