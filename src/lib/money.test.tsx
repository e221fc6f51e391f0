import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest'

import type { ExchangeRates } from '@/domain/currency'
import { activateLocale } from '@/i18n/activate'
import { storeCurrency } from '@/lib/currency'

import { formatPrice, Price } from './money'
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
  it('converts from USD with the rate and formats by the rules of the language', () => {
    expect(formatPrice(1234.5, 'EUR', 0.8532, 'fr')).toBe(`1${nbsp}053,28${nbsp}€`)
    expect(formatPrice(1234.5, 'EUR', 0.8532, 'en')).toBe(`1,053.28${nbsp}€`)
    expect(formatPrice(1500, 'GBP', 0.73, 'en')).toBe('£1,095')
    expect(formatPrice(1500, 'AUD', 1.5314, 'fr')).toBe(`A$2${nbsp}297,10`)
  })
  it('shows the base currency while the rate is unknown', () => {
    expect(formatPrice(1234.5, 'EUR', undefined, 'en')).toBe('$1,234.50')
    expect(formatPrice(1234.5, 'USD', 0.8532, 'en')).toBe('$1,234.50')
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
