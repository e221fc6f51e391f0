// Notifications (docs/product.md §12; the paths of §13) and web push subscriptions (Haven's paths,
// docs/api.md). Every {userId} must be the signed-in user's (server/services/auth/session.ts assertSelf).
// Thin: the rules live in server/services/notifications/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { FIELD_ERRORS } from '../../src/domain/auth-messages.ts'
import { idSchema } from '../../src/domain/catalog.ts'
import { API_ERROR_CODES } from '../../src/domain/error-codes.ts'
import {
  notificationChangeSchema,
  notificationCounterSchema,
  notificationIdsRequestSchema,
  notificationPageParamsSchema,
  notificationPageSchema,
  pushEndpointSchema,
  pushKeySchema,
  pushSubscriptionSchema,
} from '../../src/domain/notifications.ts'
import { HttpError } from '../errors.ts'
import { assertSelf, requireSession, requireUser } from '../services/auth/session.ts'
import {
  changeNotifications,
  listNotifications,
  type NotificationChange,
  unreadCount,
} from '../services/notifications/notifications.ts'
import { removeSubscription, saveSubscription } from '../services/notifications/push.ts'
import type { EndpointRefusal } from '../services/notifications/push-endpoint.ts'

const userParams = z.object({ userId: idSchema })

/** docs/api.md, Push endpoints. */
const PUSH_ENDPOINT_REFUSALS: Record<EndpointRefusal, string> = {
  malformed:
    'This push endpoint is not accepted: it must be a plain https URL (no user, no unusual characters) on a DNS name or an IP address.',
  notPublic: 'This push endpoint is not accepted: it is not on a public address.',
}

const CHANGES: Record<string, NotificationChange> = {
  '/mark-notifications-as-read/:userId': 'read',
  '/mark-notifications-as-unread/:userId': 'unread',
  '/delete-notifications/:userId': 'delete',
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const { push } = app.ctx

  app.get(
    '/notifications/:userId/:page/:pageSize',
    { schema: { params: notificationPageParamsSchema, response: { 200: notificationPageSchema } } },
    async (request) => {
      const { userId, page, pageSize } = request.params
      const user = await assertSelf(request, userId)
      return listNotifications(db, user, page, pageSize)
    },
  )

  app.get(
    '/notification-counter/:userId',
    { schema: { params: userParams, response: { 200: notificationCounterSchema } } },
    async (request) => {
      const user = await assertSelf(request, request.params.userId)
      return { count: await unreadCount(db, user.id) }
    },
  )

  for (const [path, change] of Object.entries(CHANGES)) {
    app.post(
      path,
      {
        schema: {
          params: userParams,
          body: notificationIdsRequestSchema,
          response: { 200: notificationChangeSchema },
        },
      },
      async (request) => {
        const user = await assertSelf(request, request.params.userId)
        const { ids, operationId } = request.body
        return { count: await changeNotifications(db, user.id, change, ids, operationId) }
      },
    )
  }

  app.get('/push-key', { schema: { response: { 200: pushKeySchema } } }, () => ({
    publicKey: push.publicKey,
  }))

  app.post(
    '/push-subscription',
    {
      schema: {
        body: pushSubscriptionSchema,
        response: { 200: z.object({ subscribed: z.literal(true) }) },
      },
    },
    async (request) => {
      const { user, sessionId } = await requireSession(request)
      const refusal = push.check(request.body.endpoint)
      if (refusal) {
        throw new HttpError(400, API_ERROR_CODES.validation, PUSH_ENDPOINT_REFUSALS[refusal], {
          endpoint: FIELD_ERRORS.invalid,
        })
      }
      await saveSubscription(db, { userId: user.id, sessionId }, request.body)
      return { subscribed: true as const }
    },
  )

  app.post(
    '/delete-push-subscription',
    {
      schema: { body: pushEndpointSchema, response: { 200: z.object({ removed: z.boolean() }) } },
    },
    async (request) => {
      const user = await requireUser(request)
      return { removed: await removeSubscription(db, user.id, request.body.endpoint) }
    },
  )
}
