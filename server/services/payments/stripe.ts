// Stripe's embedded Checkout, spoken with fetch (no SDK): a session is created with form-encoded
// `POST /v1/checkout/sessions` (`ui_mode=embedded`), and read back with `GET /v1/checkout/sessions/{id}` when
// the renter returns, since the return alone proves nothing (docs/product.md §12); a payment that came for
// nights sold meanwhile is refunded with `POST /v1/refunds`. The API base is
// configurable so that tests and the demo talk to a stand-in on 127.0.0.1.
import type { Language } from '../../../src/domain/enums.ts'
import type { PaymentsConfig } from '../../config.ts'
import { isRecord, PaymentProviderError, providerRequest, toCents } from './provider-http.ts'

export interface StripeSession {
  id: string
  clientSecret: string | null
  /** 'open' (not paid yet), 'complete' or 'expired'. */
  status: string
  /** 'paid', 'unpaid' or 'no_payment_required'. */
  paymentStatus: string
  amountTotal: number | null
  currency: string | null
  bookingId: string | null
  /** The payment, once paid: what a refund names. */
  paymentIntent: string | null
}

/** A Refund as Stripe answers it: `succeeded`, or `pending` until the card network confirms. */
export interface StripeRefund {
  id: string
  status: string
}

export interface NewStripeSession {
  bookingId: string
  /** In the base currency; charged in it. */
  amount: number
  currency: string
  productName: string
  customerEmail: string
  language: Language
  /** `{CHECKOUT_SESSION_ID}` in it is replaced by Stripe. */
  returnUrl: string
  expiresAt: Date
}

/** A Checkout Session as Stripe writes it (an API answer, or a webhook event's object). */
export function readSession(body: Record<string, unknown>): StripeSession {
  const metadata = isRecord(body.metadata) ? body.metadata : {}
  const str = (value: unknown) => (typeof value === 'string' ? value : null)
  const id = str(body.id)
  if (!id) throw new PaymentProviderError('stripe', 'bad_body')
  return {
    id,
    clientSecret: str(body.client_secret),
    status: str(body.status) ?? 'open',
    paymentStatus: str(body.payment_status) ?? 'unpaid',
    amountTotal: typeof body.amount_total === 'number' ? body.amount_total : null,
    currency: str(body.currency),
    bookingId: str(metadata.bookingId),
    // Expanded, it is the PaymentIntent object rather than its id.
    paymentIntent:
      str(body.payment_intent) ?? (isRecord(body.payment_intent) ? str(body.payment_intent.id) : null),
  }
}

export interface StripeClient {
  createSession(session: NewStripeSession): Promise<StripeSession>
  retrieveSession(id: string): Promise<StripeSession>
  /** Refunds a payment in full; the same booking's refund asked again is the same refund, never a second. */
  refund(refund: { paymentIntent: string; bookingId: string }): Promise<StripeRefund>
}

export function stripeClient(config: NonNullable<PaymentsConfig['stripe']>): StripeClient {
  const headers = { authorization: `Bearer ${config.secretKey}`, accept: 'application/json' }
  return {
    async createSession(session) {
      const form = new URLSearchParams({
        ui_mode: 'embedded',
        mode: 'payment',
        return_url: session.returnUrl,
        client_reference_id: session.bookingId,
        customer_email: session.customerEmail,
        locale: session.language,
        // Stripe accepts 30 minutes to 24 hours; the booking is held exactly as long.
        expires_at: String(Math.floor(session.expiresAt.getTime() / 1000)),
        'metadata[bookingId]': session.bookingId,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': session.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(toCents(session.amount)),
        'line_items[0][price_data][product_data][name]': session.productName,
      })
      const body = await providerRequest('stripe', `${config.apiUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          // A retried creation for the same booking gets the same session.
          'idempotency-key': `haven-booking-${session.bookingId}`,
        },
        body: form.toString(),
      })
      return readSession(body)
    },
    async retrieveSession(id) {
      const url = `${config.apiUrl}/v1/checkout/sessions/${encodeURIComponent(id)}`
      return readSession(await providerRequest('stripe', url, { method: 'GET', headers }))
    },
    async refund({ paymentIntent, bookingId }) {
      const form = new URLSearchParams({
        payment_intent: paymentIntent,
        reason: 'requested_by_customer',
        'metadata[bookingId]': bookingId,
      })
      const body = await providerRequest('stripe', `${config.apiUrl}/v1/refunds`, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `haven-refund-${bookingId}`,
        },
        body: form.toString(),
      })
      if (typeof body.id !== 'string' || typeof body.status !== 'string') {
        throw new PaymentProviderError('stripe', 'bad_body')
      }
      return { id: body.id, status: body.status }
    },
  }
}
