// PayPal Orders v2, spoken with fetch (no SDK): an OAuth token (`POST /v1/oauth2/token`, client credentials),
// then `POST /v2/checkout/orders` to create an order for a booking, `GET /v2/checkout/orders/{id}` and
// `POST /v2/checkout/orders/{id}/capture` once the renter approved it. The order carries the booking id as
// `custom_id`, so a capture proves which booking it pays. The API base is configurable so that tests and the
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
  }
}

export interface PayPalClient {
  createOrder(order: NewPayPalOrder): Promise<PayPalOrder>
  getOrder(id: string): Promise<PayPalOrder>
  captureOrder(id: string): Promise<PayPalOrder>
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

  async function call(path: string, init: RequestInit, retried = false): Promise<PayPalOrder> {
    const headers = {
      authorization: `Bearer ${await accessToken()}`,
      accept: 'application/json',
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    }
    try {
      return readOrder(await providerRequest('payPal', `${config.apiUrl}${path}`, { ...init, headers }))
    } catch (error) {
      // A token PayPal ended before its time: one new token, one more try.
      if (retried || !(error instanceof PaymentProviderError) || error.status !== 401) throw error
      token = undefined
      return call(path, init, true)
    }
  }

  return {
    createOrder(order) {
      return call('/v2/checkout/orders', {
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
    },
    getOrder(id) {
      return call(`/v2/checkout/orders/${encodeURIComponent(id)}`, { method: 'GET' })
    },
    captureOrder(id) {
      return call(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
        method: 'POST',
        headers: { 'paypal-request-id': `haven-capture-${id}` },
        body: '{}',
      })
    },
  }
}
