// reCAPTCHA verification (docs/product.md §7, §13): the provider's siteverify is asked whether a token the
// widget produced is good. Off unless RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are set (server/config.ts).
import { isIP } from 'node:net'

import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { RecaptchaConfig } from '../config.ts'
import { HttpError } from '../errors.ts'
import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { isSafari } from '../../src/domain/user-agent.ts'
import { tokenlessSafariLimit } from './auth/rate-limit.ts'

/** docs/product.md §9, word for word. */
export const RECAPTCHA_ERROR = 'reCAPTCHA error'

/** One provider call; a provider that does not answer in time fails the check rather than the request. */
const TIMEOUT_MS = 5000

const siteverifySchema = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() })

export interface RecaptchaVerifier {
  readonly enabled: boolean
  /** True when the provider accepts the token. `ip` is passed on only when it is an address. */
  verify(token: string, ip?: string): Promise<boolean>
  /** Throws the 400 'reCAPTCHA error' unless reCAPTCHA is off or the token passes. */
  check(token: string | undefined, ip?: string): Promise<void>
}

export function recaptchaVerifier(
  config: RecaptchaConfig,
  { log, fetch: fetchImpl = fetch }: { log: FastifyBaseLogger; fetch?: typeof fetch },
): RecaptchaVerifier {
  async function verify(token: string, ip?: string): Promise<boolean> {
    if (!config) return true
    const form = new URLSearchParams({ secret: config.secret, response: token })
    if (ip && isIP(ip)) form.set('remoteip', ip)
    try {
      const response = await fetchImpl(config.verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!response.ok) {
        log.warn({ status: response.status }, 'reCAPTCHA: provider answered with an error status')
        return false
      }
      const answer = siteverifySchema.parse(await response.json())
      if (!answer.success) log.info({ codes: answer['error-codes'] }, 'reCAPTCHA: token refused')
      return answer.success
    } catch (error) {
      log.warn({ err: { type: (error as Error).name } }, 'reCAPTCHA: provider unreachable or unreadable')
      return false
    }
  }
  return {
    enabled: config !== null,
    verify,
    async check(token, ip) {
      if (!config) return
      if (!token || !(await verify(token, ip))) {
        throw new HttpError(400, API_ERROR_CODES.recaptchaFailed, RECAPTCHA_ERROR)
      }
    },
  }
}

/**
 * The reCAPTCHA rule of the forms that make something for whoever sends them (sign-up, a guest's checkout, a
 * contact message): with reCAPTCHA on, the request's token must pass; only Safari, where the client skips
 * reCAPTCHA (docs/product.md §7), may omit it, and only a few times an hour per address: anyone can say they
 * are Safari. `name` gives each form its own tokenless budget; `scope` is one where registerRateLimits ran.
 */
export function recaptchaRequirement(
  scope: FastifyInstance,
  name: string,
): (request: FastifyRequest, token: string | undefined) => Promise<void> {
  const recaptcha = recaptchaVerifier(scope.ctx.config.recaptcha, { log: scope.log })
  const tokenlessLimit = tokenlessSafariLimit(scope, name)
  return async (request, token) => {
    if (!recaptcha.enabled) return
    if (token || !isSafari(request.headers['user-agent'] ?? '')) await recaptcha.check(token, request.ip)
    else await tokenlessLimit(request)
  }
}
