// Notifications and web push (docs/product.md §12, §13): request and answer shapes shared by the client and
// the server. A notification is a message in the reader's language, read or not, with the link it leads to.
import { z } from 'zod'

import { idSchema, operationIdSchema } from './catalog.ts'
import { text } from './text.ts'

/** The most ids one mark or delete call takes: a "select all" of a long scroll fits. */
export const NOTIFICATION_IDS_MAX = 1000
/** The largest page the list call answers. */
export const NOTIFICATIONS_PAGE_SIZE_MAX = 100

export const notificationSchema = z.object({
  _id: idSchema,
  /** In the reader's language (the account's, at the time of reading). */
  message: z.string(),
  bookingId: idSchema.nullable(),
  /** A path of the app: the booking, or the notifications screen when there is none. */
  link: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof notificationSchema>

/** GET /api/notifications/{userId}/{page}/{pageSize}: `page` counts from 1, newest first. */
export const notificationPageParamsSchema = z.object({
  userId: idSchema,
  page: z.coerce.number().int().min(1).max(1_000_000),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE_MAX),
})

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** The unread count at the time of this page. */
  unread: z.number().int(),
})
export type NotificationPage = z.infer<typeof notificationPageSchema>

export const notificationCounterSchema = z.object({ count: z.number().int() })
export type NotificationCounter = z.infer<typeof notificationCounterSchema>

/**
 * The body of mark-notifications-as-read, -unread and delete-notifications: `ids` (docs/product.md §13). The
 * offline queue adds its operation id, so that a second delivery changes nothing; other callers send none.
 */
export const notificationIdsRequestSchema = z.object({
  ids: z.array(idSchema).min(1).max(NOTIFICATION_IDS_MAX),
  operationId: z.optional(operationIdSchema),
})

/** What a mark or delete call answers: the unread count once it is done. */
export const notificationChangeSchema = notificationCounterSchema

/** A browser's PushSubscription as `toJSON()` gives it; push services are reached over HTTPS only. */
export const pushSubscriptionSchema = z.object({
  endpoint: text()
    .max(2048)
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', 'invalid'),
  keys: z.object({
    p256dh: text()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'invalid'),
    auth: text()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/, 'invalid'),
  }),
})
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>

export const pushEndpointSchema = pushSubscriptionSchema.pick({ endpoint: true })

export const pushKeySchema = z.object({
  /** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
  publicKey: z.string(),
})

/** What a push carries: the server writes it, the service worker (sw/sw.ts) reads it. */
export interface PushPayload {
  title: string
  body: string
  /** A path of the app, opened or focused on click. */
  url: string
  /** The unread count: the app badge (0 clears it). */
  badge: number
  tag: string
}
