// The booking page as a traveller's companion, against a mocked API: the stay's days with their weekdays, the
// agency's contact, directions for this device, what was paid or is owed, and the calendar file; and the
// cancellation request, asked in a dialog before it leaves, and its withdrawal.
import { onlineManager } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { BookingDetail } from '@/contract/bookings'
import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { type Call, json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'
import { ADA } from '@/test/users'

import { PHONE_MEDIA_QUERY } from './directions'

const BOOKING: BookingDetail = {
  _id: '42',
  property: {
    _id: '12',
    name: 'Harbour Loft',
    image: '/images/properties/loft.webp',
    rentalTerm: 'DAILY',
    amendments: 15,
    address: '1 Quay Street, Bordeaux',
    location: 'Bordeaux',
    latitude: 44.84,
    longitude: -0.57,
  },
  agency: { _id: '3', name: 'Quay Homes', email: 'hello@quay.example', phone: '+33 5 56 00 00 00' },
  from: '2028-05-04',
  to: '2028-05-07',
  price: 505,
  status: 'PAID',
  cancellation: false,
  cancelRequest: false,
  amendments: true,
  currency: 'USD',
  breakdown: { days: 3, rental: 490, cancellationFee: 0, amendmentsFee: 15, total: 505 },
  paymentProvider: 'stripe',
  paidAt: '2028-04-01T12:00:00.000Z',
  refundStatus: null,
  createdAt: '2028-04-01T09:30:00.000Z',
  timeline: [],
}

const openBooking = async (booking: BookingDetail, language: 'en' | 'fr' = 'en') => {
  mockApi(AUTH_CONFIG_OFF, {
    'POST /api/validate-access-token': () => json(200, { ...ADA, language }),
    [`GET /api/booking/42/${language}`]: () => json(200, booking),
  })
  await renderAt('/booking?id=42')
  return within(await screen.findByRole('main'))
}

const originalMatchMedia = window.matchMedia

beforeEach(async () => {
  // No WebGL here: the map says it cannot be shown, as on such a device (jsdom would log its missing canvas).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
  resetSessionCheck()
  await activateLocale('en')
  window.localStorage.setItem('user', JSON.stringify(ADA))
})

afterEach(() => {
  window.matchMedia = originalMatchMedia
  vi.restoreAllMocks()
})

describe('the booking page', () => {
  it('shows the stay, the agency’s contact, a web map link and what was paid', async () => {
    const main = await openBooking(BOOKING)
    expect(await main.findByTestId('booking-check-in')).toHaveTextContent('Check-in: Thursday, May 4, 2028')
    expect(main.getByTestId('booking-check-out')).toHaveTextContent('Check-out: Sunday, May 7, 2028')
    expect(main.getByTestId('booking-nights')).toHaveTextContent('3 nights')
    const directions = main.getByRole('link', { name: 'Directions' })
    expect(directions).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=44.84&mlon=-0.57#map=16/44.84/-0.57',
    )
    expect(directions).toHaveAttribute('target', '_blank')
    expect(directions.getAttribute('rel')).toContain('noopener')
    expect(main.getByRole('link', { name: 'hello@quay.example' })).toHaveAttribute(
      'href',
      'mailto:hello@quay.example',
    )
    expect(main.getByRole('link', { name: '+33 5 56 00 00 00' })).toHaveAttribute('href', 'tel:+33556000000')
    expect(main.getByTestId('booking-payment')).toHaveTextContent(/Paid\s*\$505$/)
    // The map of the area is on the page; without WebGL it says so instead of breaking.
    const map = main.getByRole('group', { name: 'Map of Harbour Loft' })
    expect(await within(map).findByTestId('map-unavailable')).toBeInTheDocument()
  })

  it('on a phone, points to the maps app; without coordinates, searches the address; owes a pay-later total', async () => {
    window.matchMedia = ((query: string) => ({
      ...originalMatchMedia(query),
      matches: query === PHONE_MEDIA_QUERY,
    })) as typeof window.matchMedia
    const main = await openBooking({
      ...BOOKING,
      status: 'PENDING',
      paymentProvider: null,
      agency: { ...BOOKING.agency, phone: null },
    })
    expect(await main.findByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'geo:44.84,-0.57?q=44.84,-0.57(Harbour%20Loft)',
    )
    expect(main.getByTestId('booking-payment')).toHaveTextContent(/To pay\s*\$505$/)
    expect(main.queryByTestId('agency-phone')).toBeNull()
  })

  it('states what is owed in the currency charged, with the chosen currency beside it', async () => {
    window.localStorage.setItem('currency', 'EUR')
    mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, ADA),
      'GET /api/booking/42/en': () => json(200, { ...BOOKING, status: 'PENDING', paymentProvider: null }),
      'GET /api/rates': () =>
        json(200, {
          base: 'USD',
          rates: { USD: 1, EUR: 0.9, GBP: 0.8, AUD: 1.5 },
          date: '2028-04-01',
          source: 'built-in',
        }),
    })
    await renderAt('/booking?id=42')
    const main = within(await screen.findByRole('main'))
    expect(await main.findByTestId('booking-payment-converted')).toHaveTextContent('(≈ 454.50 €)')
    expect(main.getByTestId('booking-payment')).toHaveTextContent(/To pay\s*\$505 \(≈ 454\.50 €\)$/)
  })

  it('searches the address when the property has no coordinates', async () => {
    const main = await openBooking({
      ...BOOKING,
      property: { ...BOOKING.property, latitude: null, longitude: null },
    })
    expect(await main.findByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=1%20Quay%20Street%2C%20Bordeaux',
    )
    expect(main.queryByRole('group', { name: 'Map of Harbour Loft' })).toBeNull()
  })

  it('makes the calendar file on the device and downloads it', async () => {
    const files: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob)
      return 'blob:calendar'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const downloads: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download)
    })
    const main = await openBooking(BOOKING)
    await userEvent.setup().click(await main.findByRole('button', { name: 'Add to calendar' }))
    expect(downloads).toEqual(['haven-booking-42.ics'])
    expect(files[0]!.type).toBe('text/calendar;charset=utf-8')
    const text = (await files[0]!.text()).replace(/\r\n /g, '')
    expect(text).toContain('DTSTART;VALUE=DATE:20280504\r\n')
    expect(text).toContain('DTEND;VALUE=DATE:20280507\r\n')
    expect(text).toContain('SUMMARY:Stay at Harbour Loft\r\n')
    expect(text).toContain('LOCATION:1 Quay Street\\, Bordeaux\r\n')
    expect(text).toContain('E-mail: hello@quay.example')
    expect(text).toContain('Phone: +33 5 56 00 00 00')
    expect(text).toMatch(/UID:booking-42@[^\r\n]+\r\n/)
  })
})

describe('the cancellation request', () => {
  /** The booking page of a booking with the cancellation option; the server's copy follows the calls. */
  const openCancellable = async (cancelRequest: boolean) => {
    let current: BookingDetail = { ...BOOKING, cancellation: true, cancelRequest }
    const calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, ADA),
      'GET /api/booking/42/en': () => json(200, current),
      'POST /api/cancel-booking/42': () => {
        current = { ...current, cancelRequest: true }
        return json(200, { bookingId: '42', cancelRequest: true })
      },
      'POST /api/withdraw-cancellation/42': () => {
        current = { ...current, cancelRequest: false }
        return json(200, { bookingId: '42', cancelRequest: false })
      },
    })
    await renderAt('/booking?id=42')
    return { main: within(await screen.findByRole('main')), calls }
  }
  const writes = (calls: Call[]) =>
    calls.filter((call) => call.method === 'POST' && /cancel/.test(call.url)).map((call) => call.url)

  it('asks first, saying what happens; nothing is sent before confirming, and keeping the booking closes it', async () => {
    const user = userEvent.setup()
    const { main, calls } = await openCancellable(false)
    await user.click(await main.findByRole('button', { name: 'Request cancellation' }))
    const dialog = await screen.findByRole('dialog', { name: 'Request cancellation?' })
    expect(dialog).toHaveTextContent(
      'The agency is asked to cancel your booking of Harbour Loft from May 4, 2028 to May 7, 2028. It decides, and contacts you to finalize it; you are told its decision by e-mail and notification.',
    )
    expect(dialog).toHaveTextContent('Until the agency decides, you can withdraw your request here.')
    expect(writes(calls)).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Keep my booking' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(writes(calls)).toEqual([])
    expect(main.queryByTestId('cancel-requested')).toBeNull()

    await user.click(main.getByRole('button', { name: 'Request cancellation' }))
    const again = await screen.findByRole('dialog', { name: 'Request cancellation?' })
    await user.click(within(again).getByRole('button', { name: 'Send the request' }))
    expect(await main.findByTestId('cancel-requested')).toHaveTextContent(
      'Your cancellation request was sent. You will be contacted to finalize it.',
    )
    expect(writes(calls)).toEqual(['/api/cancel-booking/42'])
    const sent = calls.find((call) => call.url === '/api/cancel-booking/42')!
    expect(sent.body).toEqual({ operationId: expect.stringMatching(/^[\w-]{8,64}$/) })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('withdraws a pending request with its own operation id, then offers the request again', async () => {
    const user = userEvent.setup()
    const { main, calls } = await openCancellable(true)
    expect(await main.findByTestId('cancel-requested')).toBeInTheDocument()
    expect(main.queryByRole('button', { name: 'Request cancellation' })).toBeNull()
    await user.click(main.getByRole('button', { name: 'Withdraw the request' }))
    expect(await main.findByRole('button', { name: 'Request cancellation' })).toBeInTheDocument()
    expect(main.queryByTestId('cancel-requested')).toBeNull()
    expect(writes(calls)).toEqual(['/api/withdraw-cancellation/42'])
    expect(calls.find((call) => call.url === '/api/withdraw-cancellation/42')!.body).toEqual({
      operationId: expect.stringMatching(/^[\w-]{8,64}$/),
    })
  })

  it('offline, shows the request and then its withdrawal as waiting, and sends both in order once back online', async () => {
    const user = userEvent.setup()
    const { main, calls } = await openCancellable(false)
    await user.click(await main.findByRole('button', { name: 'Request cancellation' }))
    onlineManager.setOnline(false)
    try {
      const dialog = await screen.findByRole('dialog', { name: 'Request cancellation?' })
      await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))
      expect(await main.findByTestId('cancel-waiting')).toBeInTheDocument()
      await user.click(main.getByRole('button', { name: 'Withdraw the request' }))
      expect(await main.findByTestId('withdrawal-waiting')).toHaveTextContent(
        'Your request is withdrawn on this device: the withdrawal will be sent as soon as you are back online.',
      )
      expect(main.getByRole('button', { name: 'Request cancellation' })).toBeInTheDocument()
      expect(writes(calls)).toEqual([])
    } finally {
      onlineManager.setOnline(true)
    }
    await waitFor(() =>
      expect(writes(calls)).toEqual(['/api/cancel-booking/42', '/api/withdraw-cancellation/42']),
    )
    await waitFor(() => expect(main.queryByTestId('withdrawal-waiting')).toBeNull())
    expect(main.getByRole('button', { name: 'Request cancellation' })).toBeInTheDocument()
    expect(main.queryByTestId('cancel-requested')).toBeNull()
  })
})

describe('the history and messages', () => {
  const AGENCY_LINE = {
    _id: '7',
    kind: 'message',
    actor: { _id: '3', type: 'AGENCY', name: 'Quay Homes' },
    at: '2028-04-02T10:00:00.000Z',
    statusBefore: 'PAID',
    statusAfter: 'PAID',
    note: 'The key is in the box by the door.',
    amount: null,
  } as const

  it('shows the timeline, and a message written offline waits, then is sent once with its operation id', async () => {
    let current: BookingDetail = {
      ...BOOKING,
      timeline: [
        {
          ...AGENCY_LINE,
          _id: '6',
          kind: 'booked',
          actor: { _id: ADA._id, type: 'USER', name: 'Ada' },
          note: null,
        },
        AGENCY_LINE,
      ],
    }
    const calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, ADA),
      'GET /api/booking/42/en': () => json(200, current),
      'POST /api/booking-message/42': (_url, init) => {
        const { text } = JSON.parse(String(init.body)) as { text: string }
        const line = {
          ...AGENCY_LINE,
          _id: '8',
          actor: { _id: ADA._id, type: 'USER', name: 'Ada' },
          note: text,
        } as const
        current = { ...current, timeline: [...current.timeline, line] }
        return json(200, line)
      },
    })
    await renderAt('/booking?id=42')
    const main = within(await screen.findByRole('main'))
    const timeline = await main.findByTestId('booking-timeline')
    expect(timeline).toHaveTextContent('You booked')
    expect(timeline).toHaveTextContent('Quay Homes')
    expect(timeline).toHaveTextContent('The key is in the box by the door.')

    const user = userEvent.setup()
    const box = main.getByRole('textbox', { name: 'Message to the agency' })
    await user.click(main.getByRole('button', { name: 'Send the message' }))
    expect(await main.findByText('Please write a message.')).toBeInTheDocument()

    onlineManager.setOnline(false)
    try {
      await user.type(box, '  Thank you! We arrive at 9 pm.  ')
      await user.click(main.getByRole('button', { name: 'Send the message' }))
      expect(await main.findByText('Waiting for the connection')).toBeInTheDocument()
      expect(timeline).toHaveTextContent('Thank you! We arrive at 9 pm.')
      expect(box).toHaveValue('')
      expect(calls.filter((call) => call.url === '/api/booking-message/42')).toEqual([])
    } finally {
      onlineManager.setOnline(true)
    }
    await waitFor(() => expect(main.queryByText('Waiting for the connection')).toBeNull())
    const sent = calls.filter((call) => call.url === '/api/booking-message/42')
    expect(sent.map((call) => call.body)).toEqual([
      { text: 'Thank you! We arrive at 9 pm.', operationId: expect.stringMatching(/^[\w-]{8,64}$/) },
    ])
    // Once: the server's line, not the waiting one beside it.
    await waitFor(() => expect(main.getAllByText('Thank you! We arrive at 9 pm.')).toHaveLength(1))
  })
})

describe('the receipt', () => {
  /** The receipt's lines, term and value side by side, as they print. */
  const linesOf = (element: HTMLElement) =>
    [...element.querySelectorAll('dt')].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    )

  it('prints alone on a click, with the booking number, stay, breakdown and how and when it was paid', async () => {
    const print = vi.fn()
    window.print = print
    const main = await openBooking(BOOKING)
    await userEvent.setup().click(await main.findByRole('button', { name: 'Print receipt' }))
    expect(print).toHaveBeenCalledTimes(1)
    // Outside the app's tree, so the print stylesheet leaves everything else out.
    const receipt = screen.getByTestId('booking-receipt')
    expect(receipt.parentElement).toBe(document.body)
    expect(within(receipt).getByRole('heading', { level: 1 })).toHaveTextContent('Receipt')
    expect(linesOf(receipt)).toEqual([
      'Booking number: 42',
      'Status: Paid',
      'Booked on: Apr 1, 2028',
      'Property: Harbour Loft, 1 Quay Street, Bordeaux',
      'Agency: Quay Homes, hello@quay.example',
      'Check-in: Thursday, May 4, 2028',
      'Check-out: Sunday, May 7, 2028',
      'Method: Card',
      expect.stringMatching(/^Paid on: Apr 1, 2028, \d/),
      'Amount paid: $505',
    ])
    const rows = [...receipt.querySelectorAll('tr')].map((row) => row.textContent)
    expect(rows).toEqual(['Rental, 3 nights$490', 'Amendments$15', 'Total$505'])
    expect(receipt).toHaveTextContent('Amounts in USD, the currency charged.')
  })

  it('in French, says a pay-later booking is owed, in the currency charged', async () => {
    window.localStorage.setItem('currency', 'EUR')
    window.localStorage.setItem('user', JSON.stringify({ ...ADA, language: 'fr' }))
    await activateLocale('fr')
    const owed: BookingDetail = {
      ...BOOKING,
      status: 'PENDING',
      paymentProvider: null,
      paidAt: null,
      cancellation: true,
      breakdown: { ...BOOKING.breakdown, cancellationFee: 40, amendmentsFee: 0, total: 530 },
      price: 530,
    }
    const main = await openBooking(owed, 'fr')
    expect(await main.findByRole('button', { name: 'Imprimer le reçu' })).toBeInTheDocument()
    const receipt = screen.getByTestId('booking-receipt')
    expect(within(receipt).getByRole('heading', { level: 1 })).toHaveTextContent('Reçu')
    expect(linesOf(receipt)).toEqual([
      'Numéro de réservation: 42',
      'Statut: En attente',
      'Réservé le: 1er avr. 2028',
      'Logement: Harbour Loft, 1 Quay Street, Bordeaux',
      'Agence: Quay Homes, hello@quay.example',
      'Arrivée: jeudi 4 mai 2028',
      'Départ: dimanche 7 mai 2028',
      'Moyen de paiement: Payer plus tard',
      'Montant à payer: $530',
    ])
    const rows = [...receipt.querySelectorAll('tr')].map((row) => row.textContent)
    expect(rows).toEqual(['Location, 3 nuits$490', 'Annulation$40', 'Total$530'])
    expect(receipt).toHaveTextContent('Montants en USD, la devise débitée.')
  })
})

describe('a payment Haven gives back', () => {
  /** A payment that came too late (its nights sold, or its booking lapsed): cancelled, its refund in `state`. */
  const givenBack = (refundStatus: BookingDetail['refundStatus']): BookingDetail => ({
    ...BOOKING,
    status: 'CANCELLED',
    paidAt: null,
    refundStatus,
  })
  const receiptLines = () =>
    [...screen.getByTestId('receipt-payment').querySelectorAll('dt')].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    )

  it.each([
    ['pending', /^Refund pending\s*\$505$/, ['Method: Card', 'Refund: Refund pending']],
    ['refunded', /^Refunded\s*\$505$/, ['Method: Card', 'Refund: Refunded', 'Amount refunded: $505']],
    [
      'failed',
      /^Refund failed\s*\$505\s*The payment provider has not made this refund yet: we are asking it again\. The agency can help\.$/,
      ['Method: Card', 'Refund: Refund failed, asked for again'],
    ],
  ] as const)('a refund %s shows on the page and the receipt', async (state, page, receipt) => {
    const main = await openBooking(givenBack(state))
    expect(await main.findByTestId('booking-payment')).toHaveTextContent(page)
    expect(receiptLines()).toEqual(receipt)
  })

  it.each([
    [
      'pending',
      /^Remboursement en cours/,
      ['Moyen de paiement: Carte bancaire', 'Remboursement: Remboursement en cours'],
    ],
    [
      'refunded',
      /^Remboursé/,
      ['Moyen de paiement: Carte bancaire', 'Remboursement: Remboursé', 'Montant remboursé: $505'],
    ],
    [
      'failed',
      /Le prestataire de paiement n’a pas encore effectué ce remboursement : nous le lui redemandons\. L’agence peut vous aider\.$/,
      ['Moyen de paiement: Carte bancaire', 'Remboursement: Échec du remboursement, redemandé'],
    ],
  ] as const)('in French, a refund %s too', async (state, page, receipt) => {
    window.localStorage.setItem('user', JSON.stringify({ ...ADA, language: 'fr' }))
    await activateLocale('fr')
    const main = await openBooking(givenBack(state), 'fr')
    expect(await main.findByTestId('booking-payment')).toHaveTextContent(page)
    expect(receiptLines()).toEqual(receipt)
  })
})

describe('changing the dates', () => {
  /** The quote the server gives for May 4–9: five nights and the option, 200 more than now. */
  const QUOTE = {
    currency: 'USD',
    breakdown: { days: 5, rental: 690, cancellationFee: 0, amendmentsFee: 15, total: 705 },
    difference: 200,
  }
  const openAmendable = async (
    booking: BookingDetail,
    amend: () => Response = () =>
      json(200, {
        bookingId: '42',
        from: '2028-05-04',
        to: '2028-05-09',
        price: 705,
        status: booking.status,
      }),
    language: 'en' | 'fr' = 'en',
  ) => {
    if (language === 'fr') {
      window.localStorage.setItem('user', JSON.stringify({ ...ADA, language: 'fr' }))
      await activateLocale('fr')
    }
    const calls = mockApi(AUTH_CONFIG_OFF, {
      'POST /api/validate-access-token': () => json(200, { ...ADA, language }),
      [`GET /api/booking/42/${language}`]: () => json(200, booking),
      // Its own stay, and another renter's from the 20th.
      'GET /api/property-availability/12': () =>
        json(200, {
          held: [
            { from: '2028-05-04', to: '2028-05-07' },
            { from: '2028-05-20', to: '2028-05-25' },
          ],
        }),
      'POST /api/amendment-price/42': () => json(200, QUOTE),
      'POST /api/amend-booking/42': amend,
    })
    await renderAt('/booking?id=42')
    return { main: within(await screen.findByRole('main')), calls }
  }
  const PENDING: BookingDetail = { ...BOOKING, status: 'PENDING', paymentProvider: null, paidAt: null }
  const posted = (calls: Call[], url: string) =>
    calls.filter((call) => call.method === 'POST' && call.url === url).map((call) => call.body)
  /** Types a day into the dialog's field, as a renter would. */
  const typeDay = async (dialog: HTMLElement, label: string, day: string) => {
    const user = userEvent.setup()
    const field = within(dialog).getByLabelText(label)
    await user.clear(field)
    await user.type(field, day)
    await user.tab()
  }

  it('keeps others’ nights out, shows the server’s new total and what is owed, and changes the dates at once', async () => {
    const user = userEvent.setup()
    const { main, calls } = await openAmendable(PENDING)
    expect(main.getByText(/You have the amendment option/)).toBeInTheDocument()
    await user.click(await main.findByRole('button', { name: 'Change dates' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change the dates' })
    // Over another renter's nights: said beside the field, and not even priced.
    await typeDay(dialog, 'To', '05/22/2028')
    expect(
      await within(dialog).findByText('Some of these nights are already booked. Choose other dates.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Change the dates' })).toBeDisabled()
    expect(posted(calls, '/api/amendment-price/42')).toEqual([])
    // Over its own nights (May 4–7) and beyond: priced by the server.
    await typeDay(dialog, 'To', '05/09/2028')
    const price = await within(dialog).findByTestId('amendment-price')
    expect(price).toHaveTextContent('New total: $705')
    expect(price).toHaveTextContent('$200 more than now: the new total is what you will owe.')
    expect(posted(calls, '/api/amendment-price/42').at(-1)).toEqual({ from: '2028-05-04', to: '2028-05-09' })
    expect(posted(calls, '/api/amend-booking/42')).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Change the dates' }))
    expect(await main.findByTestId('amendment-done')).toHaveTextContent(
      'Your booking now runs from May 4, 2028 to May 9, 2028. The agency was told.',
    )
    expect(posted(calls, '/api/amend-booking/42')).toEqual([
      {
        from: '2028-05-04',
        to: '2028-05-09',
        price: 705,
        operationId: expect.stringMatching(/^[\w-]{8,64}$/),
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says the server’s refusal in the dialog', async () => {
    const user = userEvent.setup()
    const { main } = await openAmendable(PENDING, () =>
      json(409, { error: 'already_booked', message: 'This property is already booked for these dates.' }),
    )
    await user.click(await main.findByRole('button', { name: 'Change dates' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change the dates' })
    await typeDay(dialog, 'To', '05/09/2028')
    await within(dialog).findByTestId('amendment-price')
    await user.click(within(dialog).getByRole('button', { name: 'Change the dates' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This property is already booked for these dates.',
    )
    expect(main.queryByTestId('amendment-done')).toBeNull()
  })

  it('tells a paid booking that another price cannot be had here, before anything is sent', async () => {
    const user = userEvent.setup()
    const { main, calls } = await openAmendable(BOOKING)
    await user.click(await main.findByRole('button', { name: 'Change dates' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change the dates' })
    await typeDay(dialog, 'To', '05/09/2028')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This booking is paid: its dates can change only for a stay of the same price. Contact the agency for any other change.',
    )
    expect(within(dialog).getByRole('button', { name: 'Change the dates' })).toBeDisabled()
    expect(posted(calls, '/api/amend-booking/42')).toEqual([])
  })

  it('without the option, says why not in one sentence', async () => {
    const main = await openBooking({ ...BOOKING, amendments: false })
    expect(await main.findByTestId('amendment-why-not')).toHaveTextContent(
      'This booking was made without the amendment option.',
    )
    expect(main.queryByRole('button', { name: 'Change dates' })).toBeNull()
  })

  it('counts an option the property includes now as taken, and says when it is too late', async () => {
    const included = await openBooking({
      ...BOOKING,
      amendments: false,
      property: { ...BOOKING.property, amendments: 0 },
      from: '2020-01-01',
      to: '2020-01-04',
    })
    expect(await included.findByTestId('amendment-why-not')).toHaveTextContent(
      'This booking has started or is cancelled: its dates can no longer be changed here.',
    )
  })

  it('in French: the why-not sentence', async () => {
    const without = await openAmendable({ ...PENDING, amendments: false }, undefined, 'fr')
    expect(await without.main.findByTestId('amendment-why-not')).toHaveTextContent(
      'Cette réservation a été faite sans l’option de modification.',
    )
  })

  it('in French: the new total, what is owed and the refusal', async () => {
    const user = userEvent.setup()
    const { main } = await openAmendable(
      PENDING,
      () =>
        json(409, { error: 'already_booked', message: 'This property is already booked for these dates.' }),
      'fr',
    )
    await user.click(await main.findByRole('button', { name: 'Modifier les dates' }))
    const dialog = await screen.findByRole('dialog', { name: 'Modifier les dates' })
    await typeDay(dialog, 'Au', '09/05/2028')
    const price = await within(dialog).findByTestId('amendment-price')
    expect(price).toHaveTextContent('Nouveau total : $705')
    expect(price).toHaveTextContent('$200 de plus qu’aujourd’hui : vous devrez le nouveau total.')
    await user.click(within(dialog).getByRole('button', { name: 'Modifier les dates' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ce logement est déjà réservé à ces dates.',
    )
  })
})
