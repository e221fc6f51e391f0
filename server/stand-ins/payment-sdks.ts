// The browser half of the payment stand-ins (tests and the demo): a Stripe.js and a PayPal JavaScript SDK
// that offer the calls Haven's client makes, through the same React wrappers it uses with the real ones
// (`@stripe/react-stripe-js`, `@paypal/react-paypal-js`). As with the providers, the renter pays in a frame
// of the provider's origin: Stripe's embedded form, PayPal's approval (a popup at PayPal, a frame here).
// Each frame does its part against its own stand-in server, then tells the page through `postMessage`.
import type { ServerResponse } from 'node:http'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * In a frame's script: the origin of the page that opened it, as the SDK wrote it in the frame's URL. The
 * frame tells its result to that origin only (`postMessage`'s target), so no other page that happens to hold
 * the window hears it; without a valid one it tells nothing.
 */
const PARENT_ORIGIN = `const parentOrigin = (() => {
  try { return new URL(new URLSearchParams(location.search).get('parent')).origin } catch { return null }
})()
const tellParent = (message) => { if (parentOrigin) parent.postMessage(message, parentOrigin) }`

export function sendScript(response: ServerResponse, source: string): void {
  response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
  response.end(source)
}

export function sendPage(response: ServerResponse, title: string, body: string, script: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; padding: 16px; color: #1a1f36; background: #fff; }
  label { display: block; font-weight: 600; margin-bottom: 4px; }
  input { box-sizing: border-box; width: 100%; padding: 10px; font: inherit; border: 1px solid #c4c9d4; border-radius: 6px; }
  button { margin-top: 12px; margin-right: 8px; padding: 10px 16px; font: inherit; font-weight: 600; border: 0; border-radius: 6px; cursor: pointer; }
  .primary { background: #533afd; color: #fff; } .paypal { background: #ffc439; color: #111; } .plain { background: #e3e8ee; color: #1a1f36; }
  [role=alert] { color: #b3261e; margin-top: 8px; }
</style></head>
<body>${body}<script>${script}</script></body></html>`)
}

/** Stripe.js: `Stripe(key)` and the embedded checkout it makes (`createEmbeddedCheckoutPage`, `mount`). */
export function stripeJs(origin: string): string {
  return `(() => {
  const origin = ${JSON.stringify(origin)}
  const unavailable = () => { throw new Error('Not offered by the Stripe stand-in') }
  window.Stripe = function Stripe(publishableKey) {
    const embeddedCheckout = async (options) => {
      const secret = options.clientSecret || (await options.fetchClientSecret())
      const sessionId = secret.split('_secret_')[0]
      let frame = null
      const onMessage = (event) => {
        if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return
        if (!event.data || event.data.type !== 'stand-in-checkout-complete') return
        if (options.onComplete) options.onComplete()
        else window.location.assign(event.data.returnUrl)
      }
      return {
        mount(target) {
          const parent = typeof target === 'string' ? document.querySelector(target) : target
          frame = document.createElement('iframe')
          frame.title = 'Stripe checkout'
          frame.src = origin + '/_stand-in/embedded/' + encodeURIComponent(sessionId) +
            '?key=' + encodeURIComponent(publishableKey) + '&secret=' + encodeURIComponent(secret) +
            '&parent=' + encodeURIComponent(location.origin)
          frame.style.cssText = 'display:block;width:100%;height:320px;border:0'
          parent.appendChild(frame)
          window.addEventListener('message', onMessage)
        },
        unmount() {
          window.removeEventListener('message', onMessage)
          if (frame) frame.remove()
          frame = null
        },
        destroy() { this.unmount() },
      }
    }
    return {
      elements: unavailable,
      createToken: unavailable,
      createPaymentMethod: unavailable,
      confirmCardPayment: unavailable,
      _registerWrapper() {},
      registerAppInfo() {},
      createEmbeddedCheckoutPage: embeddedCheckout,
      initEmbeddedCheckout: embeddedCheckout,
    }
  }
})()
`
}

/** The embedded form, in its frame: a card number (…0002 is declined, as Stripe's test card) and Pay. */
export function stripeEmbeddedPage(
  response: ServerResponse,
  session: { id: string; amount_total: number; currency: string },
): void {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`
  sendPage(
    response,
    'Stripe checkout',
    `<form id="pay" novalidate>
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
  <button class="primary" type="submit">Pay ${escapeHtml(amount)}</button>
  <p id="result" role="alert"></p>
</form>`,
    `
${PARENT_ORIGIN}
const form = document.getElementById('pay')
form.addEventListener('submit', async (event) => {
  event.preventDefault()
  const result = document.getElementById('result')
  result.textContent = ''
  const secret = new URLSearchParams(location.search).get('secret')
  const answer = await fetch(location.pathname + '/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card: form.card.value, secret }),
  }).then((r) => r.json())
  if (answer.returnUrl) tellParent({ type: 'stand-in-checkout-complete', returnUrl: answer.returnUrl })
  else result.textContent = answer.message
})`,
  )
}

/** PayPal's JavaScript SDK: `paypal.Buttons(options)` with `render`, `isEligible` and `close`. */
export function payPalSdk(origin: string): string {
  return `(() => {
  const origin = ${JSON.stringify(origin)}
  window.paypal = {
    version: 'stand-in',
    FUNDING: { PAYPAL: 'paypal' },
    Buttons(options) {
      let container = null
      let frame = null
      let button = null
      const actions = {
        enable: async () => { if (button) button.disabled = false },
        disable: async () => { if (button) button.disabled = true },
      }
      const onMessage = async (event) => {
        if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return
        const data = event.data || {}
        if (data.type !== 'stand-in-paypal') return
        frame.remove()
        frame = null
        try {
          if (data.outcome === 'approved') await options.onApprove({ orderID: data.orderId, paymentSource: 'paypal' }, {})
          else if (options.onCancel) options.onCancel({ orderID: data.orderId })
        } catch (error) {
          if (options.onError) options.onError(error)
        }
      }
      return {
        isEligible: () => true,
        updateProps() {},
        async render(target) {
          container = typeof target === 'string' ? document.querySelector(target) : target
          button = document.createElement('button')
          button.type = 'button'
          button.textContent = 'PayPal'
          button.setAttribute('aria-label', 'Pay with PayPal')
          button.style.cssText = 'width:100%;min-height:44px;border:0;border-radius:6px;background:#ffc439;color:#111;font:600 16px system-ui;cursor:pointer'
          button.addEventListener('click', async () => {
            if (frame) return
            let orderId
            try {
              orderId = await options.createOrder({ paymentSource: 'paypal' }, {})
            } catch (error) {
              if (options.onError) options.onError(error)
              return
            }
            frame = document.createElement('iframe')
            frame.title = 'PayPal'
            frame.src = origin + '/_stand-in/approve/' + encodeURIComponent(orderId) +
              '?parent=' + encodeURIComponent(location.origin)
            frame.style.cssText = 'display:block;width:100%;height:200px;border:0;margin-top:8px'
            container.appendChild(frame)
          })
          container.appendChild(button)
          window.addEventListener('message', onMessage)
          if (options.onInit) options.onInit({}, actions)
        },
        async close() {
          window.removeEventListener('message', onMessage)
          if (container) container.replaceChildren()
          container = frame = button = null
        },
      }
    },
  }
})()
`
}

/** PayPal's approval, in its frame: approve (or approve with a card declined at capture), or cancel. */
export function payPalApprovalPage(
  response: ServerResponse,
  order: { id: string; purchase_units: { amount: { currency_code: string; value: string } }[] },
): void {
  const { amount } = order.purchase_units[0]!
  sendPage(
    response,
    'PayPal',
    `<p>Pay <strong>${escapeHtml(`${amount.value} ${amount.currency_code}`)}</strong> with PayPal.</p>
<button class="paypal" data-outcome="approve">Approve payment</button>
<button class="plain" data-outcome="decline">Approve, card declined</button>
<button class="plain" data-outcome="cancel">Cancel</button>`,
    `
${PARENT_ORIGIN}
const orderId = ${JSON.stringify(order.id)}
for (const button of document.querySelectorAll('button')) {
  button.addEventListener('click', async () => {
    const outcome = button.dataset.outcome
    if (outcome !== 'cancel') {
      await fetch('/_stand-in/orders/' + orderId + '/approve', { method: 'POST' })
      if (outcome === 'decline') await fetch('/_stand-in/orders/' + orderId + '/decline', { method: 'POST' })
    }
    tellParent({ type: 'stand-in-paypal', orderId, outcome: outcome === 'cancel' ? 'cancelled' : 'approved' })
  })
}`,
  )
}
