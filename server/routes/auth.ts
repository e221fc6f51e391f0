// Account routes of docs/product.md §13: sign-up, activation and reset links, sign-in and sign-out, session
// check. Paths and schemas: src/contract/accounts.ts. The work is done in server/services/auth/ (registration.ts, links.ts,
// sign-in.ts, session.ts); the handlers read the request and shape the answer.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { accountRoutes as routes } from '../../src/contract/accounts.ts'
import {
  activate,
  checkToken,
  deleteTokens,
  resend,
  resendLink,
  signIn,
  signOut,
  signUp,
  validateAccessToken,
  validateEmail,
} from '../../src/contract/routes.ts'
import { findUserByEmail } from '../services/auth/accounts.ts'
import { FailedSignIns } from '../services/auth/failed-sign-ins.ts'
import { issueDeviceProof } from '../services/auth/known-device.ts'
import {
  checkAccountLink,
  followAccountLink,
  resendAccountLink,
  resendActivationLink,
} from '../services/auth/links.ts'
import { toPublicUser } from '../services/auth/public-user.ts'
import { registerAccount } from '../services/auth/registration.ts'
import { signInWithPassword, tooManyGuesses } from '../services/auth/sign-in.ts'
import { isSignUpProof, issueSignUpProof } from '../services/auth/sign-up-proof.ts'
import { deleteTokens as deleteUserTokens } from '../services/auth/tokens.ts'
import { selfIn, signedIn } from './access.ts'
import { contract } from './contract.ts'
import {
  clearCookie,
  DEVICE_COOKIE,
  readCookie,
  setCookie,
  signIn as openSession,
  signOut as closeSession,
  SIGN_UP_PROOF_COOKIE,
} from './cookies.ts'
import { AUTH_RATE_LIMITS } from './rate-limits.ts'
import { recaptchaRequirement } from './recaptcha-requirement.ts'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const { sessionSecret } = app.ctx.secrets
  const checkRecaptcha = recaptchaRequirement(app, 'sign-up')
  const failedSignIns = new FailedSignIns(db, sessionSecret)
  /** This browser is known to `email`'s account from now on (only sign-in requests carry the cookie). */
  const rememberDevice = (reply: FastifyReply, email: string) =>
    setCookie(reply, DEVICE_COOKIE, issueDeviceProof(sessionSecret, email))

  app.route({
    ...contract(app, routes, signUp),
    config: { rateLimit: AUTH_RATE_LIMITS.signUp },
    handler: async (request, reply) => {
      await checkRecaptcha(request, request.body.recaptchaToken)
      const user = await registerAccount(request.ctx, request.body)
      // The link then activates the account in this browser with the password just typed, without asking for it.
      setCookie(reply, SIGN_UP_PROOF_COOKIE, issueSignUpProof(sessionSecret, user.id))
      return { _id: String(user.id) }
    },
  })

  app.route({
    ...contract(app, routes, validateEmail),
    config: { rateLimit: AUTH_RATE_LIMITS.validateEmail },
    handler: async (request) => ({ available: !(await findUserByEmail(db, request.body.email)) }),
  })

  app.route({
    ...contract(app, routes, checkToken),
    config: { rateLimit: AUTH_RATE_LIMITS.activate },
    handler: async (request) => checkAccountLink(db, request.params),
  })

  app.route({
    ...contract(app, routes, deleteTokens),
    preHandler: selfIn('params', 'userId'),
    handler: async (request) => ({ deleted: await deleteUserTokens(db, request.user.id) }),
  })

  app.route({
    ...contract(app, routes, resend),
    config: { rateLimit: AUTH_RATE_LIMITS.resend },
    handler: async (request) => resendAccountLink(request.ctx, request.params),
  })

  /** The activation e-mail again, for the signed-in user whose address is not confirmed yet. */
  app.route({
    ...contract(app, routes, resendLink),
    config: { rateLimit: AUTH_RATE_LIMITS.resend },
    preHandler: signedIn,
    handler: async (request) => resendActivationLink(request.ctx, request.user, request.body?.email),
  })

  app.route({
    ...contract(app, routes, activate),
    config: { rateLimit: AUTH_RATE_LIMITS.activate },
    handler: async (request, reply) => {
      const proof = readCookie(request, SIGN_UP_PROOF_COOKIE)
      const here = isSignUpProof(sessionSecret, Number(request.body.userId), proof)
      const { user, passwordReset } = await followAccountLink(db, request.body, { signedUpHere: here })
      // Spent with the link; a proof of another sign-up from this browser stays.
      if (here) clearCookie(reply, SIGN_UP_PROOF_COOKIE)
      // Whoever opened the e-mail owns the account: guesses by others no longer keep them out.
      if (passwordReset) await failedSignIns.forget(user.email)
      // The link's page goes on signed in, in the renter's app or the back office (an agency an administrator
      // created chooses its first password there): whoever opened the e-mail owns the account.
      await openSession(reply, user, false)
      rememberDevice(reply, user.email)
      return toPublicUser(user)
    },
  })

  app.route({
    ...contract(app, routes, signIn),
    config: { rateLimit: AUTH_RATE_LIMITS.signIn },
    handler: async (request, reply) => {
      const attempt = await signInWithPassword(
        db,
        failedSignIns,
        sessionSecret,
        request.params.appType,
        request.body,
        { address: request.ip, deviceCookie: readCookie(request, DEVICE_COOKIE) },
      )
      if ('retryAfterSeconds' in attempt) {
        reply.header('retry-after', String(attempt.retryAfterSeconds))
        throw tooManyGuesses()
      }
      await openSession(reply, attempt.user, request.body.stayConnected ?? false)
      rememberDevice(reply, attempt.user.email)
      return toPublicUser(attempt.user)
    },
  })

  app.route({
    ...contract(app, routes, signOut),
    handler: async (request, reply) => {
      await closeSession(request, reply)
      return { signedOut: true as const }
    },
  })

  /** 200 with the current user; 401 when the session is gone; 403 'suspended' for a blacklisted user. */
  app.route({
    ...contract(app, routes, validateAccessToken),
    preHandler: signedIn,
    handler: async (request) => toPublicUser(request.user),
  })
}
