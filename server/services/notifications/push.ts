// Web push (docs/architecture.md, Embedded defaults and production): the browser's push service receives an
// aes128gcm-encrypted payload signed with the server's VAPID keys (generated once into $DATA_DIR/secrets.json,
// or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY). A subscription the push service says is gone (404, 410) is
// removed; any other failure is logged and the next notification tries again.
import type { Agent } from 'node:https'

import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import webPush, { WebPushError } from 'web-push'

import type { PushPayload, PushSubscriptionJson } from '../../../src/domain/notifications.ts'
import type { Db } from '../../db/open.ts'
import { pushSubscriptions } from '../../db/schema.ts'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export interface PushSender {
  readonly publicKey: string
  /** One push to each of the user's subscriptions; resolves once every push service answered or failed. */
  send(db: Db, userId: number, payload: PushPayload, log: FastifyBaseLogger): Promise<void>
}

export interface PushSenderOptions {
  keys: VapidKeys
  /** `mailto:` or `https:`: whom a push service may contact about this server's pushes. */
  subject: string
  /** Tests: reaches a local push service whose self-signed certificate this agent trusts. */
  agent?: Agent
  timeoutMs?: number
}

/** A notification is worth little after a day; a push service drops it after that. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60

export function createPushSender({
  keys,
  subject,
  agent,
  timeoutMs = 10_000,
}: PushSenderOptions): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }
  return {
    publicKey: keys.publicKey,
    async send(db, userId, payload, log) {
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
      const body = JSON.stringify(payload)
      await Promise.all(
        subscriptions.map(async (subscription) => {
          try {
            await webPush.sendNotification(
              {
                endpoint: subscription.endpoint,
                keys: { p256dh: subscription.p256dh, auth: subscription.auth },
              },
              body,
              {
                vapidDetails,
                TTL: TIME_TO_LIVE_SECONDS,
                contentEncoding: 'aes128gcm',
                timeout: timeoutMs,
                ...(agent ? { agent } : {}),
              },
            )
          } catch (error) {
            if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
              await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id))
              return
            }
            // The endpoint is a capability URL: log the failure's kind and status, never the endpoint.
            log.warn(
              {
                err: { type: (error as Error).name },
                status: error instanceof WebPushError ? error.statusCode : undefined,
              },
              'push not delivered',
            )
          }
        }),
      )
    },
  }
}

/** Keeps the subscription for this user; an endpoint another account held moves to this one. */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const values = { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }
  await db
    .insert(pushSubscriptions)
    .values({ ...values, endpoint: subscription.endpoint })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
}

/** Removes the user's subscription at `endpoint`; another user's is left alone. */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return removed.length > 0
}
