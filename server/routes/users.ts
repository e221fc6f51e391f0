// The signed-in user's own record (docs/product.md §13): read it, change settings, language, e-mail
// notifications and password. Every id in a path or body must be the signed-in user's (assertSelf), checked
// before anything is read or changed. Shapes: src/domain/auth.ts.
import rateLimit from '@fastify/rate-limit'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import {
  changePasswordSchema,
  checkPasswordParamsSchema,
  checkPasswordResponseSchema,
  hasPasswordResponseSchema,
  idParamsSchema,
  publicUserSchema,
  updateEmailNotificationsSchema,
  updateLanguageSchema,
  updateUserSchema,
} from '../../src/domain/auth.ts'
import { users } from '../db/schema.ts'
import { isUsersPassword, wrongPassword } from '../services/auth/accounts.ts'
import { hashPassword } from '../services/auth/password.ts'
import { toPublicUser, type UserRow } from '../services/auth/public-user.ts'
import { AUTH_RATE_LIMITS, scaledLimit as scaled } from '../services/auth/rate-limit.ts'
import { assertSelf, endOtherSessions } from '../services/auth/session.ts'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database
  // Checking a password is guessing one: as few tries as sign-in allows.
  const passwordCheckLimit = scaled(app.deps.config, AUTH_RATE_LIMITS.signIn)
  await app.register(rateLimit, { global: false })

  const update = async (id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> => {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
    return row!
  }

  app.get(
    '/user/:id',
    { schema: { params: idParamsSchema, response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(await assertSelf(request, request.params.id)),
  )

  app.post(
    '/update-language',
    { schema: { body: updateLanguageSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const { id, _id, language } = request.body
      const user = await assertSelf(request, (id ?? _id)!)
      return toPublicUser(await update(user.id, { language }))
    },
  )

  app.post(
    '/update-user',
    { schema: { body: updateUserSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const { _id, fullName, phone, birthDate, bio } = request.body
      const user = await assertSelf(request, _id)
      return toPublicUser(
        await update(user.id, {
          ...(fullName !== undefined ? { fullName } : {}),
          ...(phone !== undefined ? { phone } : {}),
          ...(birthDate !== undefined ? { birthDate } : {}),
          ...(bio !== undefined ? { bio: bio || null } : {}),
        }),
      )
    },
  )

  app.post(
    '/update-email-notifications',
    { schema: { body: updateEmailNotificationsSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const { _id, enableEmailNotifications } = request.body
      const user = await assertSelf(request, _id)
      return toPublicUser(await update(user.id, { enableEmailNotifications }))
    },
  )

  /** The password travels in the path (docs/product.md §13); app.ts keeps this URL out of the logs. */
  app.get(
    '/check-password/:id/:password',
    {
      schema: { params: checkPasswordParamsSchema, response: { 200: checkPasswordResponseSchema } },
      config: { rateLimit: passwordCheckLimit },
    },
    async (request) => {
      const user = await assertSelf(request, request.params.id)
      return { valid: await isUsersPassword(user, request.params.password) }
    },
  )

  app.get(
    '/has-password/:id',
    { schema: { params: idParamsSchema, response: { 200: hasPasswordResponseSchema } } },
    async (request) => ({
      hasPassword: (await assertSelf(request, request.params.id)).passwordHash !== null,
    }),
  )

  /** Other devices are signed out; this one stays signed in. */
  app.post(
    '/change-password',
    {
      schema: { body: changePasswordSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: passwordCheckLimit },
    },
    async (request) => {
      const { _id, password, newPassword } = request.body
      const user = await assertSelf(request, _id)
      if (user.passwordHash !== null && !(password && (await isUsersPassword(user, password)))) {
        throw wrongPassword()
      }
      const updated = await update(user.id, { passwordHash: await hashPassword(newPassword) })
      await endOtherSessions(request, user.id)
      return toPublicUser(updated)
    },
  )
}
