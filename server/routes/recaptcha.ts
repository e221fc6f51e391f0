// POST /api/verify-recaptcha/{token}/{ip} (docs/product.md §13): the client's reCAPTCHA token, checked with
// the provider. The visitor's IP comes from the client's IP lookup (docs/product.md §13); when it is not an
// address, the request's is used.
import { isIP } from 'node:net'

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { verifyRecaptcha } from '../../src/contract/routes.ts'
import { socialRoutes as routes } from '../../src/contract/social.ts'
import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { HttpError } from '../errors.ts'
import { recaptchaVerifier, RECAPTCHA_ERROR } from '../services/recaptcha.ts'
import { contract } from './contract.ts'

export const recaptchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const recaptcha = recaptchaVerifier(app.ctx.config.recaptcha, { log: app.log })

  app.route({
    ...contract(app, routes, verifyRecaptcha),
    // Each call is a call to the provider: a page shows one widget, a script would relay thousands.
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) => {
      // Off: nothing to verify, and the client shows no widget (GET /api/auth-config).
      if (!recaptcha.enabled) return { enabled: false }
      const { token, ip } = request.params
      if (!(await recaptcha.verify(token, isIP(ip) ? ip : request.ip))) {
        throw new HttpError(400, API_ERROR_CODES.recaptchaFailed, RECAPTCHA_ERROR)
      }
      return { enabled: true, success: true }
    },
  })
}
