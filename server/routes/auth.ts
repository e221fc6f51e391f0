// Account routes of docs/product.md §13: sign-up, activation and reset links, sign-in and sign-out, session
// check. Shapes: src/domain/auth.ts. The work is done in server/services/auth/ (registration.ts, links.ts,
// sign-in.ts, session.ts); the handlers read the request and shape the answer.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import {
  activateSchema,
  appTypeSchema,
  checkTokenResponseSchema,
  publicUserSchema,
  resendLinkSchema,
  resendParamsSchema,
  sentResponseSchema,
  signInSchema,
  signUpResponseSchema,
  signUpSchema,
  tokenLinkParamsSchema,
  userIdParamsSchema,
  validateEmailResponseSchema,
  validateEmailSchema,
} from '../../src/domain/auth.ts'
import { APP_USER_TYPES, findUserByEmail } from '../services/auth/accounts.ts'
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
import { deleteTokens } from '../services/auth/tokens.ts'
import { selfIn, signedIn } from './access.ts'
import {
  clearCookie,
  DEVICE_COOKIE,
  readCookie,
  setCookie,
  signIn,
  signOut,
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

  app.post(
    '/sign-up',
    {
      schema: { body: signUpSchema, response: { 200: signUpResponseSchema } },
      config: { rateLimit: AUTH_RATE_LIMITS.signUp },
    },
    async (request, reply) => {
      await checkRecaptcha(request, request.body.recaptchaToken)
      const user = await registerAccount(request.ctx, request.body)
      // The link then activates the account in this browser with the password just typed, without asking for it.
      setCookie(reply, SIGN_UP_PROOF_COOKIE, issueSignUpProof(sessionSecret, user.id))
      return { _id: String(user.id) }
    },
  )

  app.post(
    '/validate-email',
    {
      schema: { body: validateEmailSchema, response: { 200: validateEmailResponseSchema } },
      config: { rateLimit: AUTH_RATE_LIMITS.validateEmail },
    },
    async (request) => ({ available: !(await findUserByEmail(db, request.body.email)) }),
  )

  app.get(
    '/check-token/:appType/:userId/:email/:token',
    {
      schema: { params: tokenLinkParamsSchema, response: { 200: checkTokenResponseSchema } },
      config: { rateLimit: AUTH_RATE_LIMITS.activate },
    },
    async (request) => checkAccountLink(db, request.params),
  )

  app.delete(
    '/delete-tokens/:userId',
    {
      schema: { params: userIdParamsSchema, response: { 200: z.object({ deleted: z.number() }) } },
      preHandler: selfIn('params', 'userId'),
    },
    async (request) => ({ deleted: await deleteTokens(db, request.user.id) }),
  )

  app.post(
    '/resend/:appType/:email/:isPasswordReset',
    {
      schema: { params: resendParamsSchema, response: { 200: sentResponseSchema } },
      config: { rateLimit: AUTH_RATE_LIMITS.resend },
    },
    async (request) => resendAccountLink(request.ctx, request.params),
  )

  /** The activation e-mail again, for the signed-in user whose address is not confirmed yet. */
  app.post(
    '/resend-link',
    {
      schema: { body: resendLinkSchema, response: { 200: sentResponseSchema } },
      config: { rateLimit: AUTH_RATE_LIMITS.resend },
      preHandler: signedIn,
    },
    async (request) => resendActivationLink(request.ctx, request.user, request.body?.email),
  )

  app.post(
    '/activate',
    {
      schema: { body: activateSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: AUTH_RATE_LIMITS.activate },
    },
    async (request, reply) => {
      const proof = readCookie(request, SIGN_UP_PROOF_COOKIE)
      const here = isSignUpProof(sessionSecret, Number(request.body.userId), proof)
      const { user, passwordReset } = await followAccountLink(db, request.body, { signedUpHere: here })
      // Spent with the link; a proof of another sign-up from this browser stays.
      if (here) clearCookie(reply, SIGN_UP_PROOF_COOKIE)
      // Whoever opened the e-mail owns the account: guesses by others no longer keep them out.
      if (passwordReset) await failedSignIns.forget(user.email)
      if (APP_USER_TYPES.frontend.includes(user.type)) {
        await signIn(reply, user, false)
        rememberDevice(reply, user.email)
      }
      return toPublicUser(user)
    },
  )

  app.post(
    '/sign-in/:appType',
    {
      schema: {
        params: z.object({ appType: appTypeSchema }),
        body: signInSchema,
        response: { 200: publicUserSchema },
      },
      config: { rateLimit: AUTH_RATE_LIMITS.signIn },
    },
    async (request, reply) => {
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
      await signIn(reply, attempt.user, request.body.stayConnected ?? false)
      rememberDevice(reply, attempt.user.email)
      return toPublicUser(attempt.user)
    },
  )

  app.post(
    '/sign-out',
    { schema: { response: { 200: z.object({ signedOut: z.literal(true) }) } } },
    async (request, reply) => {
      await signOut(request, reply)
      return { signedOut: true as const }
    },
  )

  /** 200 with the current user; 401 when the session is gone; 403 'suspended' for a blacklisted user. */
  app.post(
    '/validate-access-token',
    { schema: { response: { 200: publicUserSchema } }, preHandler: signedIn },
    async (request) => toPublicUser(request.user),
  )
}
