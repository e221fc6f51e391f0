// A local stand-in for reCAPTCHA's siteverify (tests only): a form-encoded POST of `secret`, `response` and
// `remoteip`, answered the way the provider does (`success`, `error-codes`). Good tokens are registered by the
// test; each call is recorded so a test can check what the server sent.
import { listen, readBody, sendJson } from '../../stand-ins/http.ts'

export interface RecaptchaStandIn {
  /** The siteverify URL. */
  url: string
  secret: string
  /** Tokens that pass, once each (the provider refuses a reused token). */
  accept(token: string): void
  calls: { secret: string | null; response: string | null; remoteip: string | null }[]
  close(): Promise<void>
}

export async function startRecaptchaStandIn(secret = 'recaptcha-secret-1'): Promise<RecaptchaStandIn> {
  const good = new Set<string>()
  const calls: RecaptchaStandIn['calls'] = []
  const server = await listen(async (request, response, url) => {
    if (request.method !== 'POST' || url.pathname !== '/recaptcha/api/siteverify') {
      return sendJson(response, 404, { error: 'not found' })
    }
    const form = new URLSearchParams(await readBody(request))
    const call = {
      secret: form.get('secret'),
      response: form.get('response'),
      remoteip: form.get('remoteip'),
    }
    calls.push(call)
    if (call.secret !== secret)
      return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-secret'] })
    if (!call.response)
      return sendJson(response, 200, { success: false, 'error-codes': ['missing-input-response'] })
    if (!good.delete(call.response)) {
      return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-response'] })
    }
    sendJson(response, 200, {
      success: true,
      challenge_ts: new Date().toISOString(),
      hostname: '127.0.0.1',
    })
  })
  return {
    url: `${server.url}/recaptcha/api/siteverify`,
    secret,
    accept: (token) => void good.add(token),
    calls,
    close: server.close,
  }
}
