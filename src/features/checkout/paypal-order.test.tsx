// The PayPal order the checkout asks the server for carries the payload the product names (docs/product.md
// §13): bookingId, amount, currency, name and description, the description saying which stay is paid for, in
// the renter's language. PayPal's SDK is replaced by one button that creates the order as its buttons do.
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { resetSessionCheck } from '@/offline/session-lifecycle'
import { type Call, json, mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children }: { children: ReactNode }) => children,
  usePayPalScriptReducer: () => [{ isInitial: false, isPending: false, isRejected: false }],
  PayPalButtons: ({ createOrder }: { createOrder: () => Promise<string> }) => (
    <button onClick={() => void createOrder()}>PayPal</button>
  ),
}))

const CHECKOUT = '/checkout?property=12&from=2027-05-01&to=2027-05-05'

const PROPERTY = {
  _id: '12',
  name: 'Harbour Loft',
  image: '/images/properties/loft.webp',
  images: [],
  address: '1 Quay Street',
  location: { _id: '3', name: 'Bordeaux' },
}

const QUOTE = {
  currency: 'USD',
  breakdown: { days: 4, rental: 400, cancellationFee: 0, amendmentsFee: 0, total: 400 },
  cancellation: false,
  amendments: false,
  options: { cancellation: 'unavailable', amendments: 'unavailable' },
  option: { cancellation: -1, amendments: -1 },
  minimumAge: 21,
  paymentMethods: ['payPal'],
}

const HELD = {
  bookingId: '91',
  status: 'VOID',
  price: 400,
  currency: 'USD',
  userId: '7',
  payment: { provider: 'payPal', clientId: 'client', scriptUrl: 'https://paypal.test/sdk/js' },
  expiresAt: '2027-04-01T10:35:00.000Z',
}

let calls: Call[] = []

beforeEach(() => {
  resetSessionCheck()
  window.localStorage.setItem('user', JSON.stringify(ADA))
  calls = mockApi(AUTH_CONFIG_OFF, {
    'POST /api/validate-access-token': () => json(200, ADA),
    'GET /api/property/12/en': () => json(200, PROPERTY),
    'GET /api/property/12/fr': () => json(200, PROPERTY),
    'POST /api/booking-price': () => json(200, QUOTE),
    'POST /api/checkout': () => json(200, HELD),
    'POST /api/create-paypal-order/': () => json(200, { orderId: 'ORDER1' }),
  })
})
afterEach(cleanup)

async function orderSent(accept: string, book: string) {
  const user = userEvent.setup()
  await renderAt(CHECKOUT)
  await screen.findByTestId('checkout-total')
  await user.click(screen.getByRole('checkbox', { name: accept }))
  await user.click(screen.getByRole('button', { name: book }))
  await user.click(await screen.findByRole('button', { name: 'PayPal' }))
  await waitFor(() => expect(calls.some((call) => call.url === '/api/create-paypal-order/')).toBe(true))
  return calls.find((call) => call.url === '/api/create-paypal-order/')!.body
}

describe('the PayPal order', () => {
  it('names the booking, its price, the property and, as description, the stay', async () => {
    await activateLocale('en')
    expect(await orderSent('I accept the Terms of Use', 'Book')).toEqual({
      bookingId: '91',
      amount: 400,
      currency: 'USD',
      name: 'Harbour Loft',
      description: 'Harbour Loft, from May 1, 2027 to May 5, 2027',
    })
  })

  it('describes the stay in French for a French renter', async () => {
    await activateLocale('fr')
    const body = (await orderSent("J'accepte les conditions d'utilisation", 'Réserver')) as {
      description: string
    }
    expect(body.description).toBe('Harbour Loft, du 1er mai 2027 au 5 mai 2027')
  })
})
