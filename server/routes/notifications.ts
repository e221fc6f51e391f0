// Notifications (docs/product.md §12; the paths of §13) and web push subscriptions (Haven's paths,
// docs/api.md). Every {userId} must be the signed-in user's (selfIn, ./access.ts).
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
import {
  changeNotifications,
  listNotifications,
  type NotificationChange,
  unreadCount,
} from '../services/notifications/notifications.ts'
import type { EndpointRefusal } from '../services/notifications/push-endpoint.ts'
import { removeSubscription, saveSubscription } from '../services/notifications/push.ts'
import { selfIn, signedIn } from './access.ts'

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
  const self = selfIn('params', 'userId')

  app.get(
    '/notifications/:userId/:page/:pageSize',
    {
      schema: { params: notificationPageParamsSchema, response: { 200: notificationPageSchema } },
      preHandler: self,
    },
    async (request) => listNotifications(db, request.user, request.params.page, request.params.pageSize),
  )

  app.get(
    '/notification-counter/:userId',
    { schema: { params: userParams, response: { 200: notificationCounterSchema } }, preHandler: self },
    async (request) => ({ count: await unreadCount(db, request.user.id) }),
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
        preHandler: self,
      },
      async (request) => {
        const { ids, operationId } = request.body
        return { count: await changeNotifications(db, request.user.id, change, ids, operationId) }
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
      preHandler: signedIn,
    },
    async (request) => {
      const refusal = push.check(request.body.endpoint)
      if (refusal) {
        throw new HttpError(400, API_ERROR_CODES.validation, PUSH_ENDPOINT_REFUSALS[refusal], {
          endpoint: FIELD_ERRORS.invalid,
        })
      }
      await saveSubscription(db, { userId: request.user.id, sessionId: request.sessionId }, request.body)
      return { subscribed: true as const }
    },
  )

  app.post(
    '/delete-push-subscription',
    {
      schema: { body: pushEndpointSchema, response: { 200: z.object({ removed: z.boolean() }) } },
      preHandler: signedIn,
    },
    async (request) => ({ removed: await removeSubscription(db, request.user.id, request.body.endpoint) }),
  )
}
