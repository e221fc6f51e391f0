// Account routes of docs/product.md §13: sign-up, activation and reset links, sign-in and sign-out, session
// check. Shapes: src/domain/auth.ts. Sessions: server/services/auth/session.ts.
import rateLimit from '@fastify/rate-limit'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import {
  activateSchema,
  appTypeSchema,
  AUTH_MESSAGES,
  checkTokenResponseSchema,
  FIELD_ERRORS,
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
import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { isSafari } from '../../src/domain/user-agent.ts'
import { users, userTokens } from '../db/schema.ts'
import { HttpError, RATE_LIMITED_MESSAGE } from '../errors.ts'
import {
  APP_USER_TYPES,
  checkCredentials,
  alreadyRegistered,
  emailNotRegistered,
  findUserByEmail,
  findUserById,
  incorrectCredentials,
  linkExpired,
  notActivated,
  sendAccountEmail,
} from '../services/auth/accounts.ts'
import { accountKey, FailedSignIns } from '../services/auth/failed-sign-ins.ts'
import { hashPassword } from '../services/auth/password.ts'
import { recaptchaVerifier } from '../services/recaptcha.ts'
import { toPublicUser } from '../services/auth/public-user.ts'
import { AUTH_RATE_LIMITS, type Limit, scaledLimit as scaled } from '../services/auth/rate-limit.ts'
import {
  assertSelf,
  endAllSessions,
  endSession,
  requireUser,
  startSession,
  suspended,
} from '../services/auth/session.ts'
import { consumeToken, deleteTokens, findValidToken } from '../services/auth/tokens.ts'

const SIGN_UP_FAILED = 'An error occurred during sign up.'
/** In the words of every other rate limit, so the client treats it alike. */
const tooManySignIns = () => new HttpError(429, API_ERROR_CODES.rateLimited, RATE_LIMITED_MESSAGE)
const SEND_FAILED = 'An error occurred while sending validation email.'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app
  const { db } = deps.database
  const limit = (of: Limit) => scaled(deps.config, of)
  const recaptcha = recaptchaVerifier(deps.config.recaptcha, { log: app.log })
  const failedSignIns = new FailedSignIns()
  await app.register(rateLimit, { global: false })

  app.post(
    '/sign-up',
    {
      schema: { body: signUpSchema, response: { 200: signUpResponseSchema } },
      config: { rateLimit: limit(AUTH_RATE_LIMITS.signUp) },
    },
    async (request) => {
      const { email, password, fullName, birthDate, language, phone, recaptchaToken } = request.body
      // With reCAPTCHA on, a token is checked; only Safari, where the client skips it (docs/product.md §7),
      // may omit it.
      if (recaptcha.enabled && (recaptchaToken || !isSafari(request.headers['user-agent'] ?? ''))) {
        await recaptcha.check(recaptchaToken, request.ip)
      }
      if (await findUserByEmail(db, email)) throw alreadyRegistered()
      const [user] = await db
        .insert(users)
        .values({
          type: 'USER',
          email,
          fullName,
          birthDate,
          language,
          phone: phone ?? null,
          passwordHash: await hashPassword(password),
        })
        .onConflictDoNothing()
        .returning()
      // Two sign-ups with one address at once: the other one got it.
      if (!user) throw alreadyRegistered()
      try {
        await sendAccountEmail(deps, user, 'activation')
      } catch (error) {
        // Without its e-mail the account could never be activated: undo it, so the address can sign up again.
        request.log.error({ err: { type: (error as Error).name } }, 'activation e-mail not sent')
        await db.delete(users).where(eq(users.id, user.id))
        throw new HttpError(500, API_ERROR_CODES.internal, SIGN_UP_FAILED)
      }
      return { _id: String(user.id) }
    },
  )

  app.post(
    '/validate-email',
    {
      schema: { body: validateEmailSchema, response: { 200: validateEmailResponseSchema } },
      config: { rateLimit: limit(AUTH_RATE_LIMITS.validateEmail) },
    },
    async (request) => ({ available: !(await findUserByEmail(db, request.body.email)) }),
  )

  app.get(
    '/check-token/:appType/:userId/:email/:token',
    {
      schema: { params: tokenLinkParamsSchema, response: { 200: checkTokenResponseSchema } },
      config: { rateLimit: limit(AUTH_RATE_LIMITS.activate) },
    },
    async (request) => {
      const { appType, userId, email, token } = request.params
      const user = await findUserById(db, Number(userId))
      const row = user && (await findValidToken(db, user.id, token))
      if (
        !user ||
        !row ||
        user.email.toLowerCase() !== email.trim().toLowerCase() ||
        !APP_USER_TYPES[appType].includes(user.type)
      ) {
        throw linkExpired()
      }
      return {
        valid: true as const,
        passwordReset: row.purpose === 'PASSWORD_RESET',
        hasPassword: user.passwordHash !== null,
      }
    },
  )

  app.delete(
    '/delete-tokens/:userId',
    { schema: { params: userIdParamsSchema, response: { 200: z.object({ deleted: z.number() }) } } },
    async (request) => {
      const user = await assertSelf(request, request.params.userId)
      return { deleted: await deleteTokens(db, user.id) }
    },
  )

  app.post(
    '/resend/:appType/:email/:isPasswordReset',
    {
      schema: { params: resendParamsSchema, response: { 200: sentResponseSchema } },
      config: { rateLimit: limit(AUTH_RATE_LIMITS.resend) },
    },
    async (request) => {
      const { appType, email, isPasswordReset } = request.params
      const user = await findUserByEmail(db, email)
      if (!user || !APP_USER_TYPES[appType].includes(user.type)) throw emailNotRegistered()
      if (user.blacklisted) throw suspended()
      // An active account needs no activation link; the answer does not differ (200) either way.
      if (!isPasswordReset && user.activatedAt) return { sent: false }
      try {
        await sendAccountEmail(deps, user, isPasswordReset ? 'passwordReset' : 'activation')
      } catch (error) {
        request.log.error({ err: { type: (error as Error).name } }, 'account e-mail not sent')
        throw new HttpError(500, API_ERROR_CODES.internal, SEND_FAILED)
      }
      return { sent: true }
    },
  )

  /** The activation e-mail again, for the signed-in user whose address is not confirmed yet. */
  app.post(
    '/resend-link',
    {
      schema: { body: resendLinkSchema, response: { 200: sentResponseSchema } },
      config: { rateLimit: limit(AUTH_RATE_LIMITS.resend) },
    },
    async (request) => {
      const user = await requireUser(request)
      const email = request.body?.email
      if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new HttpError(403, API_ERROR_CODES.forbidden, AUTH_MESSAGES.notYourAccount)
      }
      if (user.activatedAt) return { sent: false }
      try {
        await sendAccountEmail(deps, user, 'activation')
      } catch (error) {
        request.log.error({ err: { type: (error as Error).name } }, 'account e-mail not sent')
        throw new HttpError(500, API_ERROR_CODES.internal, SEND_FAILED)
      }
      return { sent: true }
    },
  )

  app.post(
    '/activate',
    {
      schema: { body: activateSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: limit(AUTH_RATE_LIMITS.activate) },
    },
    async (request, reply) => {
      const { userId, token, password } = request.body
      const user = await findUserById(db, Number(userId))
      const row = user && (await findValidToken(db, user.id, token))
      if (!user || !row) throw linkExpired()
      if (user.blacklisted) throw suspended()
      const reset = row.purpose === 'PASSWORD_RESET'
      if ((reset || user.passwordHash === null) && password === undefined) {
        throw new HttpError(400, API_ERROR_CODES.validation, `${AUTH_MESSAGES.fillInField} password`, {
          password: FIELD_ERRORS.required,
        })
      }
      const passwordHash = password === undefined ? undefined : await hashPassword(password)
      const updated = await db.transaction(async (tx) => {
        if (!(await consumeToken(tx, row.id))) return undefined
        // The other links of this kind are spent too: one click settles it.
        await tx
          .delete(userTokens)
          .where(
            and(
              eq(userTokens.userId, user.id),
              eq(userTokens.purpose, row.purpose),
              isNull(userTokens.usedAt),
              ne(userTokens.id, row.id),
            ),
          )
        const [next] = await tx
          .update(users)
          .set({
            activatedAt: sql`coalesce(${users.activatedAt}, now())`,
            ...(passwordHash ? { passwordHash } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning()
        return next
      })
      if (!updated) throw linkExpired()
      // Whoever opened the e-mail owns the account: guesses by others no longer keep them out.
      if (reset) failedSignIns.succeeded(accountKey(updated.email))
      // A new password by e-mail: whoever knew the old one is signed out everywhere. The first activation
      // proves who owns the address: whoever was signed in before it (on a typed address) is signed out.
      if (passwordHash || !user.activatedAt) await endAllSessions(db, updated.id)
      if (APP_USER_TYPES.frontend.includes(updated.type)) await startSession(reply, updated, false)
      return toPublicUser(updated)
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
      config: { rateLimit: limit(AUTH_RATE_LIMITS.signIn) },
    },
    async (request, reply) => {
      const { email, password, stayConnected = false } = request.body
      const key = accountKey(email)
      const waitMs = failedSignIns.retryAfterMs(key)
      if (waitMs > 0) {
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)))
        throw tooManySignIns()
      }
      failedSignIns.attempt(key)
      const user = await checkCredentials(db, request.params.appType, email, password)
      if (!user) throw incorrectCredentials()
      failedSignIns.succeeded(key)
      // Said only to whoever knows the password.
      if (user.blacklisted) throw suspended()
      if (!user.activatedAt) throw notActivated()
      await startSession(reply, user, stayConnected)
      return toPublicUser(user)
    },
  )

  app.post(
    '/sign-out',
    { schema: { response: { 200: z.object({ signedOut: z.literal(true) }) } } },
    async (request, reply) => {
      await endSession(request, reply)
      return { signedOut: true as const }
    },
  )

  /** 200 with the current user; 401 when the session is gone; 403 'suspended' for a blacklisted user. */
  app.post('/validate-access-token', { schema: { response: { 200: publicUserSchema } } }, async (request) =>
    toPublicUser(await requireUser(request)),
  )
}
