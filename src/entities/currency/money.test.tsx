import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest'

import * as currency from '@/domain/currency'
import type { ExchangeRates } from '@/domain/currency'
import { storeCurrency } from '@/entities/currency/currency'
import { activateLocale } from '@/i18n/activate'

import { formatPrice, NO_PRICE, Price } from './money'
import { ratesKeys } from './rates'

const nbsp = '\u00a0'
const RATES: ExchangeRates = {
  base: 'USD',
  rates: { USD: 1, EUR: 0.8532, GBP: 0.73, AUD: 1.5314 },
  date: '2025-06-30',
  source: 'built-in',
}

function renderPrice(amount: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <p data-testid="price">
          <Price amount={amount} />
        </p>
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { queryClient, price: () => screen.getByTestId('price').textContent }
}

describe('formatPrice', () => {
  it('converts from USD with the rates and formats by the rules of the language', () => {
    expect(formatPrice(1234.5, 'EUR', RATES, 'fr')).toBe(`1${nbsp}053,28${nbsp}€`)
    expect(formatPrice(1234.5, 'EUR', RATES, 'en')).toBe(`1,053.28${nbsp}€`)
    expect(formatPrice(1500, 'GBP', RATES, 'en')).toBe('£1,095')
    expect(formatPrice(1500, 'AUD', RATES, 'fr')).toBe(`A$2${nbsp}297,10`)
    expect(formatPrice(1234.5, 'USD', RATES, 'en')).toBe('$1,234.50')
  })
  it('shows the base currency while the rates are unknown', () => {
    expect(formatPrice(1234.5, 'EUR', undefined, 'en')).toBe('$1,234.50')
  })
  it('goes through the checked conversion, and shows what is charged when a check fails', () => {
    const convert = vi.spyOn(currency, 'convert')
    expect(formatPrice(1500, 'GBP', RATES, 'en')).toBe('£1,095')
    expect(convert).toHaveBeenCalledWith(1500, 'USD', 'GBP', RATES)
    convert.mockRestore()
    // 'amount should be a positive number': the amount as stored, in US dollars, never a converted sign.
    expect(formatPrice(0, 'EUR', RATES, 'en')).toBe('$0')
    expect(formatPrice(-20, 'EUR', RATES, 'en')).toBe('-$20')
    // A table without the currency's rate, or an empty one ('No data returned for rate fetch.').
    expect(formatPrice(99, 'AUD', { ...RATES, rates: { USD: 1, EUR: 0.8532 } as never }, 'en')).toBe('$99')
    expect(formatPrice(99, 'EUR', { ...RATES, rates: {} as never }, 'en')).toBe('$99')
    // A code the checks refuse, as a stored choice of another version could be: not a screen's crash.
    expect(formatPrice(99, 'XYZ' as never, RATES, 'en')).toBe('$99')
    expect(formatPrice(99, 'JPY' as never, { ...RATES, rates: { ...RATES.rates, JPY: 144 } }, 'en')).toBe(
      '$99',
    )
    // 'amount should be a number': nothing to read as a price.
    expect(formatPrice(Number.NaN, 'EUR', RATES, 'en')).toBe(NO_PRICE)
    expect(formatPrice(undefined as never, 'USD', RATES, 'en')).toBe(NO_PRICE)
  })
})

describe('<Price>', () => {
  let fetchMock: Mock<typeof fetch>
  beforeEach(async () => {
    await activateLocale('en')
    fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(RATES), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    act(() => storeCurrency('USD'))
    window.localStorage.clear()
  })

  it('shows USD without asking for rates', () => {
    const { price } = renderPrice(1234.5)
    expect(price()).toBe('$1,234.50')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows the base price until rates arrive, then the converted one; follows the chosen currency', async () => {
    storeCurrency('EUR')
    const { price } = renderPrice(1234.5)
    expect(price()).toBe('$1,234.50')
    await vi.waitFor(() => expect(price()).toBe(`1,053.28${nbsp}€`))
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/rates')

    act(() => storeCurrency('GBP'))
    expect(price()).toBe('£901.19') // 1234.5 × 0.73 = 901.185
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('formats in French after a language switch', async () => {
    storeCurrency('EUR')
    const { price } = renderPrice(1234.5)
    await vi.waitFor(() => expect(price()).toBe(`1,053.28${nbsp}€`))
    await act(() => activateLocale('fr'))
    expect(price()).toBe(`1${nbsp}053,28${nbsp}€`)
  })

  it('shows the price as charged when the rates lack the chosen currency', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ ...RATES, rates: { USD: 1, EUR: 0.8532 } }), { status: 200 }),
    )
    storeCurrency('AUD')
    const { price, queryClient } = renderPrice(99)
    await vi.waitFor(() => expect(queryClient.getQueryState(ratesKeys.all())?.status).toBe('success'))
    expect(price()).toBe('$99')
    act(() => storeCurrency('EUR'))
    expect(price()).toBe(`84.47${nbsp}€`)
  })

  it('shows a dash for a price that is not a number, in any currency', async () => {
    storeCurrency('EUR')
    const { price, queryClient } = renderPrice(Number.NaN)
    await vi.waitFor(() => expect(queryClient.getQueryState(ratesKeys.all())?.status).toBe('success'))
    expect(price()).toBe(NO_PRICE)
    act(() => storeCurrency('USD'))
    expect(price()).toBe(NO_PRICE)
  })

  it('keeps showing base prices when rates cannot be had', async () => {
    fetchMock.mockImplementation(
      async () => new Response('{"error":"internal","message":"x"}', { status: 500 }),
    )
    storeCurrency('EUR')
    const { price, queryClient } = renderPrice(99)
    await vi.waitFor(() => expect(queryClient.getQueryState(ratesKeys.all())?.status).toBe('error'))
    expect(price()).toBe('$99')
  })
})
