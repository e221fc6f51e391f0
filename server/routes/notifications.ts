// Notifications (docs/product.md §12; the paths of §13) and web push subscriptions (Haven's paths,
// docs/api.md). Every {userId} must be the signed-in user's (selfIn, ./access.ts).
// Thin: the rules live in server/services/notifications/; the paths and schemas are the contract's
// (src/contract/notifications.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { notificationRoutes as routes } from '../../src/contract/notifications.ts'
import {
  deleteNotifications,
  listNotifications,
  markNotificationsRead,
  markNotificationsUnread,
  notificationCounter,
  pushKey,
  subscribePush,
  unsubscribePush,
} from '../../src/contract/routes.ts'
import { FIELD_ERRORS } from '../../src/domain/auth-messages.ts'
import { API_ERROR_CODES } from '../../src/domain/error-codes.ts'
import { HttpError } from '../errors.ts'
import {
  changeNotifications,
  listNotifications as listUserNotifications,
  type NotificationChange,
  unreadCount,
} from '../services/notifications/notifications.ts'
import type { EndpointRefusal } from '../services/notifications/push-endpoint.ts'
import { removeSubscription, saveSubscription } from '../services/notifications/push.ts'
import { selfIn, signedIn } from './access.ts'
import { contract } from './contract.ts'

/** docs/api.md, Push endpoints. */
const PUSH_ENDPOINT_REFUSALS: Record<EndpointRefusal, string> = {
  malformed:
    'This push endpoint is not accepted: it must be a plain https URL (no user, no unusual characters) on a DNS name or an IP address.',
  notPublic: 'This push endpoint is not accepted: it is not on a public address.',
}

const CHANGES = [
  [markNotificationsRead, 'read'],
  [markNotificationsUnread, 'unread'],
  [deleteNotifications, 'delete'],
] as const satisfies [string, NotificationChange][]

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database
  const { push } = app.ctx
  const self = selfIn('params', 'userId')

  app.route({
    ...contract(app, routes, listNotifications),
    preHandler: self,
    handler: async (request) =>
      listUserNotifications(db, request.user, request.params.page, request.params.pageSize),
  })

  app.route({
    ...contract(app, routes, notificationCounter),
    preHandler: self,
    handler: async (request) => ({ count: await unreadCount(db, request.user.id) }),
  })

  for (const [route, change] of CHANGES) {
    app.route({
      ...contract(app, routes, route),
      preHandler: self,
      handler: async (request) => {
        const { ids, operationId } = request.body
        return { count: await changeNotifications(db, request.user.id, change, ids, operationId) }
      },
    })
  }

  app.route({ ...contract(app, routes, pushKey), handler: () => ({ publicKey: push.publicKey }) })

  app.route({
    ...contract(app, routes, subscribePush),
    preHandler: signedIn,
    handler: async (request) => {
      const refusal = push.check(request.body.endpoint)
      if (refusal) {
        throw new HttpError(400, API_ERROR_CODES.validation, PUSH_ENDPOINT_REFUSALS[refusal], {
          endpoint: FIELD_ERRORS.invalid,
        })
      }
      await saveSubscription(db, { userId: request.user.id, sessionId: request.sessionId }, request.body)
      return { subscribed: true as const }
    },
  })

  app.route({
    ...contract(app, routes, unsubscribePush),
    preHandler: signedIn,
    handler: async (request) => ({
      removed: await removeSubscription(db, request.user.id, request.body.endpoint),
    }),
  })
}
