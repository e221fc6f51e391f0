// The reCAPTCHA rule as the routes apply it, from the request's token, user agent and address; the provider is
// asked by server/services/recaptcha.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify'

import { isSafari } from '../../src/domain/user-agent.ts'
import { recaptchaVerifier } from '../services/recaptcha.ts'
import { tokenlessSafariLimit } from './rate-limits.ts'

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
