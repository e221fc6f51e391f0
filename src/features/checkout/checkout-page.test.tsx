// The checkout screen against a mocked API: it shows and sends the server's price, translates the refusal
// codes (never the English `message`), keeps what was chosen, and sends one operation id per checkout.
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

// PayPal's SDK, replaced by one button that creates the order as its buttons do.
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

const quote = (total: number) => ({
  currency: 'USD',
  breakdown: { days: 4, rental: total, cancellationFee: 0, amendmentsFee: 0, total },
  cancellation: false,
  amendments: false,
  options: { cancellation: 'unavailable', amendments: 'unavailable' },
  option: { cancellation: -1, amendments: -1 },
  minimumAge: 21,
  paymentMethods: ['payLater'],
})

let calls: Call[] = []

beforeEach(async () => {
  resetSessionCheck()
  await activateLocale('en')
  window.localStorage.setItem('user', JSON.stringify(ADA))
})

describe('checkout', () => {
  it('asks the price again when the server says it changed, keeps the choices, and books once with the new price', async () => {
    const prices = [quote(400), quote(460)]
    const answers = [
      json(400, {
        error: 'validation',
        message: 'Server words the client must not show.',
        fields: { price: 'price_changed' },
      }),
      json(200, {
        bookingId: '88',
        status: 'PENDING',
        price: 460,
        currency: 'USD',
        userId: '7',
        payment: null,
        expiresAt: null,
      }),
    ]
    calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, ADA),
      'GET /api/property/12/en': () => json(200, PROPERTY),
      'POST /api/booking-price': () => json(200, prices.length > 1 ? prices.shift() : prices[0]),
      'POST /api/checkout': () => answers.shift()!,
      'POST /api/bookings': () => json(200, { items: [], nextCursor: null }),
    })
    const user = userEvent.setup()
    await renderAt(CHECKOUT)
    expect(await screen.findByTestId('checkout-total')).toHaveTextContent('$400')
    expect(screen.getByRole('radio', { name: 'Pay later' })).toBeChecked()

    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Use' }))
    await user.click(screen.getByRole('button', { name: 'Book' }))
    expect(
      await screen.findByText('The price of this stay has changed. Check it and book again.'),
    ).toBeInTheDocument()
    expect(screen.queryByText('Server words the client must not show.')).toBeNull()
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$460'))
    expect(screen.getByRole('checkbox', { name: 'I accept the Terms of Use' })).toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Book' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking requested' })).toBeInTheDocument()
    expect(screen.getByText(/The agency will answer your request/)).toBeInTheDocument()
    expect(screen.getByText(/We sent a confirmation e-mail to ada@example.com/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See my booking' })).toHaveAttribute('href', '/booking?id=88')

    const sent = calls
      .filter((call) => call.url === '/api/checkout')
      .map((call) => call.body as Record<string, unknown>)
    expect(sent.map((body) => body.price)).toEqual([400, 460])
    expect(sent[0]!.operationId).toBe(sent[1]!.operationId)
    expect(sent[1]).toMatchObject({
      propertyId: '12',
      from: '2027-05-01',
      to: '2027-05-05',
      payment: 'payLater',
    })
    expect(sent[1]).not.toHaveProperty('guest')
  })

  it('tells a renter a refusal by its code: the dates already booked', async () => {
    calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, ADA),
      'GET /api/property/12/en': () => json(200, PROPERTY),
      'POST /api/booking-price': () => json(200, quote(400)),
      'POST /api/checkout': () => json(409, { error: 'already_booked', message: 'Anything.' }),
    })
    const user = userEvent.setup()
    await renderAt(CHECKOUT)
    await screen.findByTestId('checkout-total')
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Use' }))
    await user.click(screen.getByRole('button', { name: 'Book' }))
    expect(await screen.findByText('This property is already booked for these dates.')).toBeInTheDocument()
  })

  it.each([
    [
      'en',
      'unpaid_holds_limit',
      'You already have 3 bookings that are not paid yet. Pay for one, or wait for the agency’s answer, before you book another stay.',
    ],
    [
      'fr',
      'unpaid_holds_limit',
      'Vous avez déjà 3 réservations qui ne sont pas encore payées. Payez-en une, ou attendez la réponse de l’agence, avant de réserver un autre séjour.',
    ],
    [
      'en',
      'unverified_holds_limit',
      'Activate your account with the link we e-mailed you before you book another stay.',
    ],
    [
      'fr',
      'unverified_holds_limit',
      'Activez votre compte avec le lien que nous vous avons envoyé par e-mail avant de réserver un autre séjour.',
    ],
  ])('tells a renter in %s why a stay cannot be held: %s', async (language, code, words) => {
    await activateLocale(language as 'en' | 'fr')
    calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, { ...ADA, language }),
      [`GET /api/property/12/${language}`]: () => json(200, PROPERTY),
      'POST /api/booking-price': () => json(200, quote(400)),
      'POST /api/checkout': () => json(409, { error: code, message: 'Anything.' }),
    })
    const user = userEvent.setup()
    await renderAt(CHECKOUT)
    await screen.findByTestId('checkout-total')
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Use|J’accepte/ }))
    await user.click(screen.getByRole('button', { name: /^(Book|Réserver)$/ }))
    expect(await screen.findByText(words)).toBeInTheDocument()
    expect(screen.queryByText('Anything.')).toBeNull()
  })
})

describe('signing in from the checkout', () => {
  it('comes back to the same checkout from the header’s Sign in, as from the checkout’s own', async () => {
    window.localStorage.removeItem('user')
    mockApi(AUTH_CONFIG_OFF, {
      'GET /api/property/12/en': () => json(200, PROPERTY),
      'POST /api/booking-price': () => json(200, quote(400)),
      'POST /api/sign-in/frontend': () => json(200, ADA),
    })
    const user = userEvent.setup()
    const { router } = await renderAt(CHECKOUT)
    await screen.findByTestId('checkout-total')
    const header = screen.getByRole('banner')
    await user.click(within(header).getByRole('link', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    expect(await screen.findByText(/Sign in to book this stay/)).toBeInTheDocument()

    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.href).toBe(CHECKOUT))
  })
})

describe('the checkout in French', () => {
  it('names the screen and its payment choice with two different words', async () => {
    await activateLocale('fr')
    mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, { ...ADA, language: 'fr' }),
      'GET /api/property/12/fr': () => json(200, PROPERTY),
      'POST /api/booking-price': () => json(200, quote(400)),
    })
    await renderAt(CHECKOUT)
    await screen.findByTestId('checkout-total')
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Paiement')
    expect(screen.getAllByText('Paiement', { exact: true })).toHaveLength(1)
  })
})

describe('the checkout’s options', () => {
  type Options = ReturnType<typeof quote>['options']
  const withOptions = (options: Options, option: { cancellation: number; amendments: number }) => ({
    ...quote(400),
    options,
    option,
    cancellation: options.cancellation === 'included',
    amendments: options.amendments === 'included',
  })

  const openCheckout = async (language: 'en' | 'fr', price: ReturnType<typeof quote>) => {
    await activateLocale(language)
    mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, { ...ADA, language }),
      [`GET /api/property/12/${language}`]: () => json(200, PROPERTY),
      'POST /api/booking-price': () => json(200, price),
    })
    await renderAt(CHECKOUT)
    await screen.findByTestId('checkout-total')
  }

  it.each([
    ['en', ['Amendments: included', 'Not offered', 'Cancellation: $20 extra']],
    ['fr', ['Modifications\u00a0: incluses', 'Non proposées', 'Annulation\u00a0: $20 en supplément']],
  ] as const)('agree with each option’s name (%s)', async (language, [included, notOffered, extra]) => {
    await openCheckout(
      language,
      withOptions(
        { cancellation: 'unavailable', amendments: 'included' },
        { cancellation: -1, amendments: 0 },
      ),
    )
    expect(screen.getByRole('checkbox', { name: included })).toBeChecked()
    expect(screen.getByText(language === 'en' ? 'Not offered' : 'Non proposée')).toBeInTheDocument()
    cleanup()

    await openCheckout(
      language,
      withOptions({ cancellation: 'extra', amendments: 'unavailable' }, { cancellation: 20, amendments: -1 }),
    )
    expect(screen.getByText(notOffered)).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: extra })).not.toBeChecked()
  })
})

// The order carries the payload the product names (docs/product.md §13): bookingId, amount, currency, name and
// description, the description saying which stay is paid for, in the renter's language.
describe('the PayPal order', () => {
  const orderSent = async (language: 'en' | 'fr') => {
    await activateLocale(language)
    calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, { ...ADA, language }),
      [`GET /api/property/12/${language}`]: () => json(200, PROPERTY),
      'POST /api/booking-price': () => json(200, { ...quote(400), paymentMethods: ['payPal'] }),
      'POST /api/checkout': () =>
        json(200, {
          bookingId: '91',
          status: 'VOID',
          price: 400,
          currency: 'USD',
          userId: '7',
          payment: { provider: 'payPal', clientId: 'client', scriptUrl: 'https://paypal.test/sdk/js' },
          expiresAt: '2027-04-01T10:35:00.000Z',
        }),
      'POST /api/create-paypal-order/': () => json(200, { orderId: 'ORDER1' }),
    })
    const user = userEvent.setup()
    await renderAt(CHECKOUT)
    await screen.findByTestId('checkout-total')
    await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Use|J’accepte/ }))
    await user.click(screen.getByRole('button', { name: /^(Book|Réserver)$/ }))
    await user.click(await screen.findByRole('button', { name: 'PayPal' }))
    await waitFor(() => expect(calls.some((call) => call.url === '/api/create-paypal-order/')).toBe(true))
    return calls.find((call) => call.url === '/api/create-paypal-order/')!.body
  }

  it('names the booking, its price, the property and, as description, the stay', async () => {
    expect(await orderSent('en')).toEqual({
      bookingId: '91',
      amount: 400,
      currency: 'USD',
      name: 'Harbour Loft',
      description: 'Harbour Loft, from May 1, 2027 to May 5, 2027',
    })
  })

  it('describes the stay in French for a French renter', async () => {
    expect(await orderSent('fr')).toMatchObject({
      description: 'Harbour Loft, du 1er mai 2027 au 5 mai 2027',
    })
  })
})
