// reCAPTCHA verification (docs/product.md §7, §13): the provider's siteverify is asked whether a token the
// widget produced is good. Off unless RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY are set (server/config.ts).
import { isIP } from 'node:net'

import { z } from 'zod'

import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import type { RecaptchaConfig } from '../config.ts'
import { HttpError } from '../errors.ts'
import type { Logger } from '../logger.ts'

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
  { log, fetch: fetchImpl = fetch }: { log: Logger; fetch?: typeof fetch },
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
