// Notifications and web push (docs/product.md §12, §13): their routes' schemas, shared by the client (types
// only) and the server. A notification is a message in the reader's language, read or not, with the link it
// leads to; what a push carries is the domain's (src/domain/notifications.ts), which the service worker reads.
import { FIELD_ERRORS } from '../domain/auth-messages.ts'
import { z } from '../domain/zod-mini.ts'
import { idSchema, operationIdSchema, text, userParamsSchema } from './common.ts'
import type { RouteTable } from './route.ts'
import {
  deleteNotifications,
  listNotifications,
  markNotificationsRead,
  markNotificationsUnread,
  notificationCounter,
  pushKey,
  subscribePush,
  unsubscribePush,
} from './routes.ts'

/** The most ids one mark or delete call takes: a "select all" of a long scroll fits. */
export const NOTIFICATION_IDS_MAX = 1000
/** The largest page the list call answers. */
export const NOTIFICATIONS_PAGE_SIZE_MAX = 100

export const notificationSchema = z.object({
  _id: idSchema,
  /** In the reader's language (the account's, at the time of reading). */
  message: z.string(),
  bookingId: z.nullable(idSchema),
  /** A path of the app: the booking, or the notifications screen when there is none. */
  link: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.int(),
  pageSize: z.int(),
  total: z.int(),
  /** The unread count at the time of this page. */
  unread: z.int(),
})
export type NotificationPage = z.infer<typeof notificationPageSchema>

export const notificationCounterSchema = z.object({ count: z.int() })
export type NotificationCounter = z.infer<typeof notificationCounterSchema>

/** A path's number, as the client writes it (`page`, `pageSize`). */
const pathNumber = (max: number) =>
  z.pipe(z.coerce.number<number | string>(), z.int().check(z.minimum(1), z.maximum(max)))

/**
 * The body of mark-notifications-as-read, -unread and delete-notifications: `ids` (docs/product.md §13). The
 * offline queue adds its operation id, so that a second delivery changes nothing; other callers send none.
 * Each answers the unread count once it is done.
 */
const notificationChange = {
  params: userParamsSchema,
  body: z.object({
    ids: z.array(idSchema).check(z.minLength(1), z.maxLength(NOTIFICATION_IDS_MAX)),
    operationId: z.optional(operationIdSchema),
  }),
  answer: notificationCounterSchema,
}

const pushKeyPart = (max: number) =>
  text().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+=*$/, FIELD_ERRORS.invalid))

/** A browser's PushSubscription as `toJSON()` gives it; push services are reached over HTTPS only. */
export const pushSubscriptionSchema = z.object({
  endpoint: text().check(
    z.maxLength(2048),
    z.refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', FIELD_ERRORS.invalid),
  ),
  keys: z.object({ p256dh: pushKeyPart(200), auth: pushKeyPart(100) }),
})
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>

export const notificationRoutes = {
  /** `page` counts from 1, newest first. */
  [listNotifications]: {
    params: z.object({
      userId: idSchema,
      page: pathNumber(1_000_000),
      pageSize: pathNumber(NOTIFICATIONS_PAGE_SIZE_MAX),
    }),
    answer: notificationPageSchema,
  },
  [notificationCounter]: { params: userParamsSchema, answer: notificationCounterSchema },
  [markNotificationsRead]: notificationChange,
  [markNotificationsUnread]: notificationChange,
  [deleteNotifications]: notificationChange,
  [pushKey]: {
    answer: z.object({
      /** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
      publicKey: z.string(),
    }),
  },
  [subscribePush]: { body: pushSubscriptionSchema, answer: z.object({ subscribed: z.literal(true) }) },
  [unsubscribePush]: {
    body: z.pick(pushSubscriptionSchema, { endpoint: true }),
    answer: z.object({ removed: z.boolean() }),
  },
} as const satisfies RouteTable
