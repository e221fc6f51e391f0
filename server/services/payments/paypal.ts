// PayPal Orders v2, spoken with fetch (no SDK): an OAuth token (`POST /v1/oauth2/token`, client credentials),
// then `POST /v2/checkout/orders` to create an order for a booking, `GET /v2/checkout/orders/{id}` and
// `POST /v2/checkout/orders/{id}/capture` once the renter approved it. The order carries the booking id as
// `custom_id`, so a capture proves which booking it pays. A capture that came for nights sold meanwhile is
// refunded with `POST /v2/payments/captures/{id}/refund`. The API base is configurable so that tests and the
// demo talk to a stand-in on 127.0.0.1.
import type { PaymentsConfig } from '../../config.ts'
import { isRecord, PaymentProviderError, providerRequest } from './provider-http.ts'

export interface PayPalOrder {
  id: string
  /** CREATED, APPROVED, COMPLETED, VOIDED, … */
  status: string
  bookingId: string | null
  /** The amount of the order's purchase unit, as PayPal writes it ('123.45'). */
  amount: { currency: string; value: string } | null
  /** Set once captured: the capture's own status (COMPLETED, DECLINED, PENDING, …). */
  captureStatus: string | null
  /** The capture's id: what a refund names. */
  captureId: string | null
}

/** A capture's refund: COMPLETED, or PENDING while PayPal settles it. */
export interface PayPalRefund {
  id: string
  status: string
}

export interface NewPayPalOrder {
  bookingId: string
  amount: number
  currency: string
  name: string
  description: string
}

function readOrder(body: Record<string, unknown>): PayPalOrder {
  const id = typeof body.id === 'string' ? body.id : null
  if (!id) throw new PaymentProviderError('payPal', 'bad_body')
  const units = Array.isArray(body.purchase_units) ? (body.purchase_units as unknown[]) : []
  const unit = isRecord(units[0]) ? units[0] : {}
  const payments = isRecord(unit.payments) ? unit.payments : {}
  const captures = Array.isArray(payments.captures) ? (payments.captures as unknown[]) : []
  const capture = isRecord(captures[0]) ? captures[0] : null
  // A capture's answer gives the amount on the capture, an order's on its purchase unit.
  const amount = isRecord(unit.amount)
    ? unit.amount
    : capture && isRecord(capture.amount)
      ? capture.amount
      : null
  const customId =
    typeof unit.custom_id === 'string'
      ? unit.custom_id
      : capture && typeof capture.custom_id === 'string'
        ? capture.custom_id
        : null
  return {
    id,
    status: typeof body.status === 'string' ? body.status : '',
    bookingId: customId,
    amount:
      amount && typeof amount.currency_code === 'string' && typeof amount.value === 'string'
        ? { currency: amount.currency_code, value: amount.value }
        : null,
    captureStatus: capture && typeof capture.status === 'string' ? capture.status : null,
    captureId: capture && typeof capture.id === 'string' ? capture.id : null,
  }
}

export interface PayPalClient {
  createOrder(order: NewPayPalOrder): Promise<PayPalOrder>
  getOrder(id: string): Promise<PayPalOrder>
  captureOrder(id: string): Promise<PayPalOrder>
  /** Refunds a capture in full; the same booking's refund asked again is the same refund, never a second. */
  refundCapture(refund: { captureId: string; bookingId: string }): Promise<PayPalRefund>
}

export function payPalClient(config: NonNullable<PaymentsConfig['payPal']>): PayPalClient {
  let token: { value: string; expiresAt: number } | undefined

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')
    const body = await providerRequest('payPal', `${config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    if (typeof body.access_token !== 'string') throw new PaymentProviderError('payPal', 'bad_body')
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 300
    // Renewed a minute early, so that a token never expires between our check and PayPal's.
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 }
    return token.value
  }

  async function call(path: string, init: RequestInit, retried = false): Promise<Record<string, unknown>> {
    const headers = {
      authorization: `Bearer ${await accessToken()}`,
      accept: 'application/json',
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    }
    try {
      return await providerRequest('payPal', `${config.apiUrl}${path}`, { ...init, headers })
    } catch (error) {
      // A token PayPal ended before its time: one new token, one more try.
      if (retried || !(error instanceof PaymentProviderError) || error.status !== 401) throw error
      token = undefined
      return call(path, init, true)
    }
  }

  return {
    async createOrder(order) {
      const body = await call('/v2/checkout/orders', {
        method: 'POST',
        // A retried creation for the same booking gets the same order.
        headers: { 'paypal-request-id': `haven-booking-${order.bookingId}` },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: order.bookingId,
              custom_id: order.bookingId,
              description: (order.description || order.name).slice(0, 127),
              amount: { currency_code: order.currency, value: order.amount.toFixed(2) },
            },
          ],
        }),
      })
      return readOrder(body)
    },
    async getOrder(id) {
      return readOrder(await call(`/v2/checkout/orders/${encodeURIComponent(id)}`, { method: 'GET' }))
    },
    async captureOrder(id) {
      const body = await call(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
        method: 'POST',
        headers: { 'paypal-request-id': `haven-capture-${id}` },
        body: '{}',
      })
      return readOrder(body)
    },
    async refundCapture({ captureId, bookingId }) {
      // No amount: the whole capture.
      const body = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        method: 'POST',
        headers: { 'paypal-request-id': `haven-refund-${bookingId}` },
        body: '{}',
      })
      if (typeof body.id !== 'string' || typeof body.status !== 'string') {
        throw new PaymentProviderError('payPal', 'bad_body')
      }
      return { id: body.id, status: body.status }
    },
  }
}
