// The signed-in user's own record (docs/product.md §13): read it, change settings, language, e-mail
// notifications and password. Every id in a path or body must be the signed-in user's (selfIn, ./access.ts),
// checked before anything is read or changed. Paths and schemas: src/contract/users.ts.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import {
  changePassword,
  checkPassword,
  getUser,
  hasPassword,
  updateEmailNotifications,
  updateLanguage,
  updateUser,
} from '../../src/contract/routes.ts'
import { userRoutes as routes } from '../../src/contract/users.ts'
import { isUsersPassword } from '../services/auth/accounts.ts'
import { FailedSignIns } from '../services/auth/failed-sign-ins.ts'
import { changePassword as setNewPassword, updateProfile } from '../services/auth/profile.ts'
import { toPublicUser } from '../services/auth/public-user.ts'
import { endOtherSessions } from '../services/auth/session.ts'
import { countedGuess, tooManyGuesses } from '../services/auth/sign-in.ts'
import { runOnce } from '../services/operations/once.ts'
import { selfIn } from './access.ts'
import { contract } from './contract.ts'
import { readCookie, SESSION_COOKIE } from './cookies.ts'
import { AUTH_RATE_LIMITS } from './rate-limits.ts'

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  // Checking a password is guessing one: as few tries as sign-in allows, counted with sign-in's per account
  // and client, so a session left open guesses no faster than the sign-in form.
  const passwordCheckLimit = AUTH_RATE_LIMITS.signIn
  const { sessionSecret } = app.ctx.secrets
  const failedSignIns = new FailedSignIns(db, sessionSecret)
  /** Whether `password` is the signed-in user's, as a counted guess; 429 past the count. */
  const isTheirPassword = async (request: FastifyRequest, reply: FastifyReply, password: string) => {
    const { user } = request
    const guess = await countedGuess(
      failedSignIns,
      sessionSecret,
      user.email,
      // The known-device cookie goes to sign-in alone: here the client is the address.
      { address: request.ip, deviceCookie: undefined },
      async () => ((await isUsersPassword(user, password)) ? true : undefined),
    )
    if ('retryAfterSeconds' in guess) {
      reply.header('retry-after', String(guess.retryAfterSeconds))
      throw tooManyGuesses()
    }
    return guess.found === true
  }

  app.route({
    ...contract(app, routes, getUser),
    preHandler: selfIn('params', 'id'),
    handler: async (request) => toPublicUser(request.user),
  })

  app.route({
    ...contract(app, routes, updateLanguage),
    preHandler: selfIn('body', 'id', '_id'),
    handler: async (request) => {
      const { language, operationId } = request.body
      const { user } = request
      return runOnce(db, user.id, 'update-language', operationId, async (tx) =>
        toPublicUser(await updateProfile(tx, user.id, { language })),
      )
    },
  })

  app.route({
    ...contract(app, routes, updateUser),
    preHandler: selfIn('body', '_id'),
    handler: async (request) => {
      const { fullName, phone, birthDate, bio, operationId } = request.body
      const { user } = request
      return runOnce(db, user.id, 'update-user', operationId, async (tx) =>
        toPublicUser(
          await updateProfile(tx, user.id, {
            ...(fullName !== undefined ? { fullName } : {}),
            ...(phone !== undefined ? { phone } : {}),
            ...(birthDate !== undefined ? { birthDate } : {}),
            ...(bio !== undefined ? { bio: bio || null } : {}),
          }),
        ),
      )
    },
  })

  app.route({
    ...contract(app, routes, updateEmailNotifications),
    preHandler: selfIn('body', '_id'),
    handler: async (request) => {
      const { enableEmailNotifications, operationId } = request.body
      const { user } = request
      return runOnce(db, user.id, 'update-email-notifications', operationId, async (tx) =>
        toPublicUser(await updateProfile(tx, user.id, { enableEmailNotifications })),
      )
    },
  })

  /** The password travels in the path (docs/product.md §13); app.ts keeps this URL out of the logs. */
  app.route({
    ...contract(app, routes, checkPassword),
    config: { rateLimit: passwordCheckLimit },
    preHandler: selfIn('params', 'id'),
    handler: async (request, reply) => ({
      valid: await isTheirPassword(request, reply, request.params.password),
    }),
  })

  app.route({
    ...contract(app, routes, hasPassword),
    preHandler: selfIn('params', 'id'),
    handler: async (request) => ({ hasPassword: request.user.passwordHash !== null }),
  })

  /** Other devices are signed out; this one stays signed in. */
  app.route({
    ...contract(app, routes, changePassword),
    config: { rateLimit: passwordCheckLimit },
    preHandler: selfIn('body', '_id'),
    handler: async (request, reply) => {
      const { password, newPassword } = request.body
      const { user } = request
      const updated = await setNewPassword(db, user, password, newPassword, (current) =>
        isTheirPassword(request, reply, current),
      )
      await endOtherSessions(request.ctx, user.id, readCookie(request, SESSION_COOKIE))
      return toPublicUser(updated)
    },
  })
}
