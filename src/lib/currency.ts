// The display currency the visitor picked (docs/product.md §11: USD, EUR, GBP, AUD; base USD), kept in
// localStorage `currency` and shared by every component that shows a price.
import { useSyncExternalStore } from 'react'

import { BASE_CURRENCY, STORAGE_KEYS } from '@/domain/constants'
import { type Currency, isCurrency } from '@/domain/enums'

const CHANGE_EVENT = 'haven:currency'

export function readCurrency(): Currency {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.currency)
    return isCurrency(stored) ? stored : BASE_CURRENCY
  } catch {
    return BASE_CURRENCY
  }
}

export function storeCurrency(currency: Currency): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.currency, currency)
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

function subscribe(onChange: () => void): () => void {
  // `storage` carries changes made in other tabs; the custom event, changes made in this one.
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

export function useCurrency(): Currency {
  return useSyncExternalStore(subscribe, readCurrency, () => BASE_CURRENCY)
}
