// Local stand-ins for Stripe and PayPal (tests and the demo): node:http servers on 127.0.0.1 that answer the
// REST calls Haven makes, as the providers shape them: Stripe's form-encoded Checkout Sessions
// (`POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/{id}`) and refunds (`POST /v1/refunds`), and
// PayPal's OAuth token, Orders v2 (create, get, capture) and capture refunds
// (`POST /v2/payments/captures/{id}/refund`), keys and idempotency keys included. What the renter would do at the provider (pay,
// have a card declined, let the session expire, approve an order) is done through the returned controls, or
// over HTTP under `/_stand-in/` for a browser demo.
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'

import { signStripePayload } from '../services/payments/stripe-signature.ts'
import { listen, readBody, sendJson } from './http.ts'
import { payPalApprovalPage, payPalSdk, sendScript, stripeEmbeddedPage, stripeJs } from './payment-sdks.ts'

export const STRIPE_STAND_IN_KEYS = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin' }
/** The signing secret of the stand-in's webhook endpoint (`STRIPE_WEBHOOK_SECRET` when stand-ins run). */
export const STRIPE_STAND_IN_WEBHOOK_SECRET = 'whsec_standin'
export const PAYPAL_STAND_IN_KEYS = {
  clientId: 'paypal-standin-client',
  clientSecret: 'paypal-standin-secret',
}

const token = (length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') =>
  Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('')

export interface StripeStandInSession {
  id: string
  object: 'checkout.session'
  client_secret: string
  ui_mode: string
  mode: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  amount_total: number
  currency: string
  client_reference_id: string | null
  customer_email: string | null
  return_url: string
  expires_at: number
  metadata: Record<string, string>
  /** Set once paid: the payment a refund names. */
  payment_intent: string | null
}

/** Stripe's Refund object, as `POST /v1/refunds` answers it. */
export interface StripeStandInRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  status: 'succeeded'
  reason: string | null
  metadata: Record<string, string>
  created: number
}

export interface StripeStandIn {
  url: string
  sessions: Map<string, StripeStandInSession>
  /** Session creations received (after the key check). */
  created: number
  /** Refunds made, in order (a request replayed with its idempotency key makes none). */
  refunds: StripeStandInRefund[]
  /** The renter paid in the embedded form. */
  pay(id: string): void
  /** The card was declined: the session stays open and unpaid. */
  decline(id: string): void
  expire(id: string): void
  /** Every call answers 500 from now on (or again normally with false). */
  fail(on: boolean): void
  /** Every refund is refused (400, `charge_disputed`) from now on, or made again normally with false. */
  refuseRefunds(on: boolean): void
  /**
   * Sends signed webhook events (`checkout.session.completed`, `checkout.session.expired`) to `url`, as a
   * Stripe endpoint with the secret `STRIPE_STAND_IN_WEBHOOK_SECRET` would; null stops them.
   */
  sendWebhooksTo(url: string | null): void
  /** Webhook deliveries still on their way (tests wait for them). */
  deliveries(): Promise<void>
  close(): Promise<void>
}

function stripeError(response: ServerResponse, status: number, code: string, message: string) {
  sendJson(response, status, { error: { type: 'invalid_request_error', code, message } })
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StripeStandInSession>()
  const byIdempotencyKey = new Map<string, StripeStandInSession>()
  const refunds: StripeStandInRefund[] = []
  const refundsByKey = new Map<string, StripeStandInRefund>()
  let failing = false
  let refusing = false
  let webhookUrl: string | null = null
  const inFlight = new Set<Promise<unknown>>()
  /** One event, signed, to the endpoint; delivered once (a test replays it by hand). */
  const notify = (type: string, session: StripeStandInSession) => {
    if (!webhookUrl) return
    const payload = JSON.stringify({
      id: `evt_${token(24, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...session, client_secret: null } },
    })
    const delivery = fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripePayload(payload, STRIPE_STAND_IN_WEBHOOK_SECRET),
      },
      body: payload,
    })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined)
      .finally(() => inFlight.delete(delivery))
    inFlight.add(delivery)
  }
  const state = {
    created: 0,
    pay(id: string) {
      const session = sessions.get(id)!
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${token(24, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`,
      })
      notify('checkout.session.completed', session)
    },
    decline(id: string) {
      Object.assign(sessions.get(id)!, { status: 'open', payment_status: 'unpaid' })
    },
    expire(id: string) {
      const session = sessions.get(id)!
      Object.assign(session, { status: 'expired', payment_status: 'unpaid' })
      notify('checkout.session.expired', session)
    },
    fail(on: boolean) {
      failing = on
    },
    refuseRefunds(on: boolean) {
      refusing = on
    },
    sendWebhooksTo(url: string | null) {
      webhookUrl = url
    },
    async deliveries() {
      await Promise.all([...inFlight])
    },
  }
  const server = await listen(async (request, response, url) => {
    const control = /^\/_stand-in\/sessions\/([^/]+)\/(pay|decline|expire)$/.exec(url.pathname)
    if (control && request.method === 'POST' && sessions.has(control[1]!)) {
      state[control[2] as 'pay' | 'decline' | 'expire'](control[1]!)
      return sendJson(response, 200, sessions.get(control[1]!))
    }
    // The browser's half: Stripe.js and the embedded form's frame (stand-in-sdks.ts).
    if (request.method === 'GET' && /^\/[a-z0-9]+\/stripe\.js$/.test(url.pathname)) {
      return sendScript(response, stripeJs(server.url))
    }
    const embedded = /^\/_stand-in\/embedded\/([^/]+)(\/submit)?$/.exec(url.pathname)
    if (embedded) {
      const session = sessions.get(decodeURIComponent(embedded[1]!))
      if (!session) return stripeError(response, 404, 'resource_missing', 'No such checkout.session.')
      if (!embedded[2] && request.method === 'GET') {
        const keyed =
          url.searchParams.get('key') === STRIPE_STAND_IN_KEYS.publishableKey &&
          url.searchParams.get('secret') === session.client_secret
        if (!keyed) return stripeError(response, 401, 'api_key_invalid', 'Invalid API Key provided.')
        return stripeEmbeddedPage(response, session)
      }
      if (embedded[2] && request.method === 'POST') {
        const { card, secret } = JSON.parse(await readBody(request)) as { card?: string; secret?: string }
        if (secret !== session.client_secret) {
          return stripeError(response, 401, 'api_key_invalid', 'Invalid client secret.')
        }
        if (session.status !== 'open') {
          return sendJson(response, 200, { message: 'This checkout session is no longer open.' })
        }
        if (String(card).replace(/\s/g, '').endsWith('0002')) {
          state.decline(session.id)
          return sendJson(response, 200, { message: 'Your card was declined.' })
        }
        state.pay(session.id)
        return sendJson(response, 200, { returnUrl: session.return_url })
      }
    }
    if (failing) return stripeError(response, 500, 'api_error', 'Something went wrong.')
    if (request.headers.authorization !== `Bearer ${STRIPE_STAND_IN_KEYS.secretKey}`) {
      return stripeError(response, 401, 'api_key_invalid', 'Invalid API Key provided.')
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = new URLSearchParams(await readBody(request))
      const key = request.headers['idempotency-key']
      const earlier = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined
      if (earlier) return sendJson(response, 200, earlier)
      const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'))
      const quantity = Number(form.get('line_items[0][quantity]') ?? '1')
      const returnUrl = form.get('return_url') ?? ''
      if (
        form.get('ui_mode') !== 'embedded' ||
        form.get('mode') !== 'payment' ||
        !returnUrl.includes('{CHECKOUT_SESSION_ID}') ||
        !Number.isInteger(unitAmount) ||
        unitAmount < 1 ||
        !form.get('line_items[0][price_data][currency]') ||
        !form.get('line_items[0][price_data][product_data][name]') ||
        // Stripe: 30 minutes to 24 hours after the session is made.
        (form.has('expires_at') &&
          !(
            Number(form.get('expires_at')) >= Date.now() / 1000 + 30 * 60 &&
            Number(form.get('expires_at')) <= Date.now() / 1000 + 24 * 3600
          ))
      ) {
        return stripeError(response, 400, 'parameter_invalid', 'Invalid checkout session parameters.')
      }
      const id = `cs_test_${token(24, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`
      const metadata: Record<string, string> = {}
      for (const [name, value] of form) {
        const field = /^metadata\[(.+)\]$/.exec(name)
        if (field) metadata[field[1]!] = value
      }
      const session: StripeStandInSession = {
        id,
        object: 'checkout.session',
        client_secret: `${id}_secret_${token(16, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
        ui_mode: 'embedded',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unitAmount * quantity,
        currency: form.get('line_items[0][price_data][currency]')!,
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        return_url: returnUrl.replace('{CHECKOUT_SESSION_ID}', id),
        expires_at: Number(form.get('expires_at') ?? Math.floor(Date.now() / 1000) + 86_400),
        metadata,
        payment_intent: null,
      }
      sessions.set(id, session)
      if (typeof key === 'string') byIdempotencyKey.set(key, session)
      state.created += 1
      return sendJson(response, 200, session)
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const form = new URLSearchParams(await readBody(request))
      const key = request.headers['idempotency-key']
      const earlier = typeof key === 'string' ? refundsByKey.get(key) : undefined
      if (earlier) return sendJson(response, 200, earlier)
      if (refusing) return stripeError(response, 400, 'charge_disputed', 'This charge is disputed.')
      const intent = form.get('payment_intent')
      const paid = [...sessions.values()].find((session) => intent && session.payment_intent === intent)
      if (!paid) return stripeError(response, 400, 'resource_missing', `No such payment_intent: '${intent}'`)
      if (refunds.some((refund) => refund.payment_intent === intent)) {
        return stripeError(response, 400, 'charge_already_refunded', 'This charge has already been refunded.')
      }
      const metadata: Record<string, string> = {}
      for (const [name, value] of form) {
        const field = /^metadata\[(.+)\]$/.exec(name)
        if (field) metadata[field[1]!] = value
      }
      const refund: StripeStandInRefund = {
        id: `re_${token(24, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`,
        object: 'refund',
        amount: paid.amount_total,
        currency: paid.currency,
        payment_intent: intent!,
        status: 'succeeded',
        reason: form.get('reason'),
        metadata,
        created: Math.floor(Date.now() / 1000),
      }
      refunds.push(refund)
      if (typeof key === 'string') refundsByKey.set(key, refund)
      return sendJson(response, 200, refund)
    }
    const read = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
    if (request.method === 'GET' && read) {
      const session = sessions.get(decodeURIComponent(read[1]!))
      if (!session) return stripeError(response, 404, 'resource_missing', 'No such checkout.session.')
      // The client secret is for the browser that opened the session, not for later reads.
      return sendJson(response, 200, { ...session, client_secret: null })
    }
    return stripeError(response, 404, 'resource_missing', 'Unrecognized request URL.')
  })
  return Object.assign(state, { url: server.url, sessions, refunds, close: server.close })
}

export interface PayPalStandInOrder {
  id: string
  intent: string
  status: 'CREATED' | 'APPROVED' | 'COMPLETED'
  purchase_units: {
    reference_id: string
    custom_id: string
    description?: string
    amount: { currency_code: string; value: string }
    payments?: { captures: { id: string; status: string; amount: object; custom_id: string }[] }
  }[]
}

/** A capture's refund as PayPal answers `POST /v2/payments/captures/{id}/refund` (`return=minimal`). */
export interface PayPalStandInRefund {
  id: string
  status: 'COMPLETED'
  /** Not in PayPal's minimal answer: the capture refunded, for tests. */
  captureId: string
}

export interface PayPalStandIn {
  url: string
  orders: Map<string, PayPalStandInOrder>
  /** Captures attempted. */
  captures: number
  /** Refunds made, in order (a request replayed with its PayPal-Request-Id makes none). */
  refunds: PayPalStandInRefund[]
  /** Every API call answers 503 from now on (or again normally with false). */
  fail(on: boolean): void
  /** The buyer approved the order at PayPal (again after a decline: with another funding source). */
  approve(id: string): void
  /** The buyer's funding source is declined at capture. */
  decline(id: string): void
  /** Ends every access token given so far, as PayPal may before their time. */
  revokeTokens(): void
  /**
   * The next `count` capture requests are answered only once all of them have arrived, in the order they came:
   * captures sent at once, each made before any is answered, for tests of that race.
   */
  captureTogether(count: number): void
  close(): Promise<void>
}

function payPalError(response: ServerResponse, status: number, name: string, issue?: string) {
  sendJson(response, status, {
    name,
    message: issue ?? name,
    debug_id: token(12).toLowerCase(),
    ...(issue ? { details: [{ issue, description: issue }] } : {}),
  })
}

export async function startPayPalStandIn(): Promise<PayPalStandIn> {
  const orders = new Map<string, PayPalStandInOrder>()
  const byRequestId = new Map<string, PayPalStandInOrder>()
  const declined = new Set<string>()
  const tokens = new Set<string>()
  const refunds: PayPalStandInRefund[] = []
  const refundsByRequestId = new Map<string, PayPalStandInRefund>()
  let failing = false
  let together: { count: number; waiting: Array<() => void> } | null = null
  const state = {
    captures: 0,
    fail(on: boolean) {
      failing = on
    },
    approve(id: string) {
      orders.get(id)!.status = 'APPROVED'
      // Approving again is the buyer choosing another funding source after a decline, as PayPal's restart.
      declined.delete(id)
    },
    decline(id: string) {
      declined.add(id)
    },
    revokeTokens() {
      tokens.clear()
    },
    captureTogether(count: number) {
      together = { count, waiting: [] }
    },
  }
  const server = await listen(async (request, response, url) => {
    const control = /^\/_stand-in\/orders\/([^/]+)\/(approve|decline)$/.exec(url.pathname)
    if (control && request.method === 'POST' && orders.has(control[1]!)) {
      state[control[2] as 'approve' | 'decline'](control[1]!)
      return sendJson(response, 200, orders.get(control[1]!))
    }
    // The browser's half: the JavaScript SDK and the buyer's approval frame (stand-in-sdks.ts).
    if (request.method === 'GET' && url.pathname === '/sdk/js') {
      if (url.searchParams.get('client-id') !== PAYPAL_STAND_IN_KEYS.clientId) {
        return payPalError(response, 400, 'INVALID_CLIENT_ID')
      }
      return sendScript(response, payPalSdk(server.url))
    }
    const approval = /^\/_stand-in\/approve\/([^/]+)$/.exec(url.pathname)
    if (approval && request.method === 'GET') {
      const order = orders.get(decodeURIComponent(approval[1]!))
      if (!order) return payPalError(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      return payPalApprovalPage(response, order)
    }
    if (failing) return payPalError(response, 503, 'SERVICE_UNAVAILABLE')
    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const basic = Buffer.from(
        `${PAYPAL_STAND_IN_KEYS.clientId}:${PAYPAL_STAND_IN_KEYS.clientSecret}`,
      ).toString('base64')
      const body = await readBody(request)
      if (request.headers.authorization !== `Basic ${basic}` || body !== 'grant_type=client_credentials') {
        return sendJson(response, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        })
      }
      const accessToken = `A21AA${token(40)}`
      tokens.add(accessToken)
      return sendJson(response, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: 32_400,
      })
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (!bearer || !tokens.has(bearer)) return payPalError(response, 401, 'AUTHENTICATION_FAILURE')
    if (request.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      const requestId = request.headers['paypal-request-id']
      const earlier = typeof requestId === 'string' ? byRequestId.get(requestId) : undefined
      if (earlier) return sendJson(response, 200, earlier)
      let body: { intent?: string; purchase_units?: PayPalStandInOrder['purchase_units'] }
      try {
        body = JSON.parse(await readBody(request)) as typeof body
      } catch {
        return payPalError(response, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON')
      }
      const unit = body.purchase_units?.[0]
      if (body.intent !== 'CAPTURE' || !unit?.amount || !/^\d+\.\d{2}$/.test(unit.amount.value)) {
        return payPalError(response, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE')
      }
      const order: PayPalStandInOrder = {
        id: token(17),
        intent: 'CAPTURE',
        status: 'CREATED',
        purchase_units: [{ ...unit }],
      }
      orders.set(order.id, order)
      if (typeof requestId === 'string') byRequestId.set(requestId, order)
      return sendJson(response, 201, order)
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(url.pathname)
    if (refund && request.method === 'POST') {
      const captureId = decodeURIComponent(refund[1]!)
      const requestId = request.headers['paypal-request-id']
      const earlier = typeof requestId === 'string' ? refundsByRequestId.get(requestId) : undefined
      if (earlier) return sendJson(response, 201, { id: earlier.id, status: earlier.status })
      const captured = [...orders.values()].some((order) =>
        order.purchase_units[0]?.payments?.captures.some((capture) => capture.id === captureId),
      )
      if (!captured) return payPalError(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      if (refunds.some((made) => made.captureId === captureId)) {
        return payPalError(response, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED')
      }
      const made: PayPalStandInRefund = { id: token(17), status: 'COMPLETED', captureId }
      refunds.push(made)
      if (typeof requestId === 'string') refundsByRequestId.set(requestId, made)
      return sendJson(response, 201, { id: made.id, status: made.status })
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname)
    const order = match ? orders.get(decodeURIComponent(match[1]!)) : undefined
    if (!match || !order) return payPalError(response, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
    if (request.method === 'GET' && !match[2]) return sendJson(response, 200, order)
    if (request.method !== 'POST' || !match[2]) return payPalError(response, 405, 'METHOD_NOT_SUPPORTED')
    state.captures += 1
    if (together) {
      const gate = together
      await new Promise<void>((resolve) => {
        gate.waiting.push(resolve)
        if (gate.waiting.length < gate.count) return
        together = null
        for (const release of gate.waiting) release()
      })
    }
    if (order.status === 'COMPLETED') {
      return payPalError(response, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED')
    }
    if (order.status !== 'APPROVED') {
      return payPalError(response, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED')
    }
    if (declined.has(order.id)) {
      return payPalError(response, 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED')
    }
    order.status = 'COMPLETED'
    const [unit] = order.purchase_units
    unit!.payments = {
      captures: [{ id: token(17), status: 'COMPLETED', amount: unit!.amount, custom_id: unit!.custom_id }],
    }
    // As PayPal answers a capture: the purchase unit carries the payments, not the amount.
    return sendJson(response, 201, {
      id: order.id,
      status: 'COMPLETED',
      purchase_units: [{ reference_id: unit!.reference_id, payments: unit!.payments }],
    })
  })
  return Object.assign(state, { url: server.url, orders, refunds, close: server.close })
}

/**
 * Starts both stand-ins (tests, and the demo: `PAYMENT_STAND_INS=true npm start`) and returns the variables
 * that point Haven at them; a person plays the provider's part through `POST {url}/_stand-in/…`.
 */
export async function startPaymentStandIns(): Promise<{
  env: Record<string, string>
  stripe: StripeStandIn
  payPal: PayPalStandIn
}> {
  const stripe = await startStripeStandIn()
  const payPal = await startPayPalStandIn()
  return {
    stripe,
    payPal,
    env: {
      STRIPE_SECRET_KEY: STRIPE_STAND_IN_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: STRIPE_STAND_IN_KEYS.publishableKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL: `${stripe.url}/basil/stripe.js`,
      STRIPE_WEBHOOK_SECRET: STRIPE_STAND_IN_WEBHOOK_SECRET,
      PAYPAL_CLIENT_ID: PAYPAL_STAND_IN_KEYS.clientId,
      PAYPAL_CLIENT_SECRET: PAYPAL_STAND_IN_KEYS.clientSecret,
      PAYPAL_API_URL: payPal.url,
      PAYPAL_SDK_URL: `${payPal.url}/sdk/js`,
    },
  }
}
