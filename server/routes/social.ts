// Social sign-in (docs/product.md §7) and the public sign-in configuration the client reads to show its
// widgets.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { authConfig, socialSignIn } from '../../src/contract/routes.ts'
import { socialRoutes as routes } from '../../src/contract/social.ts'
import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { SOCIAL_MESSAGES } from '../../src/domain/social.ts'
import { HttpError } from '../errors.ts'
import { sendAccountEmail } from '../services/auth/accounts.ts'
import { toPublicUser } from '../services/auth/public-user.ts'
import { suspended } from '../services/auth/session.ts'
import { findOrCreateSocialUser } from '../services/social/accounts.ts'
import { socialVerifiers } from '../services/social/verifiers.ts'
import { contract } from './contract.ts'
import { signIn } from './cookies.ts'
import { AUTH_RATE_LIMITS } from './rate-limits.ts'

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.ctx
  const verifiers = socialVerifiers(config.social)

  /** GET /api/auth-config: `{ recaptchaSiteKey, social: { google, apple, facebook } }`, null for what is off. */
  app.route({
    ...contract(app, routes, authConfig),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return {
        recaptchaSiteKey: config.recaptcha?.siteKey ?? null,
        social: {
          google: config.social.google?.clientId ?? null,
          apple: config.social.apple?.clientId ?? null,
          facebook: config.social.facebook?.appId ?? null,
        },
      }
    },
  })

  /**
   * POST /api/social-sign-in `{ provider, token, email?, fullName?, language?, stayConnected? }` → the user and
   * a session cookie, as password sign-in. The token is verified with the provider before anything in it or
   * in the body is used.
   */
  app.route({
    ...contract(app, routes, socialSignIn),
    config: { rateLimit: AUTH_RATE_LIMITS.signIn },
    handler: async (request, reply) => {
      const { provider, token, stayConnected = false, ...gaps } = request.body
      const verifier = verifiers[provider]
      if (!verifier) throw new HttpError(400, API_ERROR_CODES.socialNotEnabled, SOCIAL_MESSAGES.notEnabled)
      const identity = await verifier.verify(token)
      const { user, needsActivation } = await findOrCreateSocialUser(database.db, identity, gaps)
      if (user.blacklisted) throw suspended()
      if (needsActivation) {
        // The account works at once; the activation strip can send the link again if this one is lost.
        await sendAccountEmail(request.ctx, user, 'activation').catch((error: unknown) =>
          request.log.error({ err: { type: (error as Error).name } }, 'activation e-mail not sent'),
        )
      }
      await signIn(reply, user, stayConnected)
      return toPublicUser(user)
    },
  })
}
