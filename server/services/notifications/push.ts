// Web push (docs/operations.md, Embedded defaults and production): the browser's push service receives an
// aes128gcm-encrypted payload signed with the server's VAPID keys (generated once into $DATA_DIR/secrets.json,
// or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY). Each push goes to one subscription (the outbox's unit,
// server/services/outbox/). A subscription the push service says is gone (404, 410) is removed; any other
// failure rejects, and the outbox tries that subscription again later.
import type { lookup as dnsLookup } from 'node:dns'

import { and, desc, eq, gt, inArray } from 'drizzle-orm'
import webPush, { WebPushError } from 'web-push'

import type { PushSubscriptionJson } from '../../../src/contract/notifications.ts'
import type { PushPayload } from '../../../src/domain/notifications.ts'
import type { Db } from '../../db/open.ts'
import { pushSubscriptions, sessions } from '../../db/schema.ts'
import type { Logger } from '../../logger.ts'
import type { Tx } from '../operations/once.ts'
import type { VapidKeys } from '../secrets.ts'
import { checkPushEndpoint, createPushAgent, type EndpointRefusal, trustedTargets } from './push-endpoint.ts'

export interface PushSender {
  readonly publicKey: string
  /** Why the server would not post to this endpoint (server/services/notifications/push-endpoint.ts), if so. */
  check(endpoint: string): EndpointRefusal | undefined
  /**
   * One push to one subscription; resolves once its push service took it, or nothing is to be sent (the
   * subscription, or its session, ended meanwhile; the push service says it is gone), and rejects otherwise.
   */
  send(db: Db, subscriptionId: number, payload: PushPayload, log: Logger): Promise<void>
  /** Closes the connections kept open to push services (the server is stopping). */
  close(): void
}

export interface PushSenderOptions {
  keys: VapidKeys
  /** `mailto:` or `https:`: whom a push service may contact about this server's pushes. */
  subject: string
  /**
   * Trusted push services (`PUSH_TRUSTED_ORIGINS`, `https://127.0.0.1:8443`): endpoints on exactly these
   * origins are accepted and connected to although their address is not public. Empty by default.
   */
  trustedOrigins?: readonly string[]
  /** Tests: how host names are resolved (the system's resolver otherwise). */
  lookup?: typeof dnsLookup
  /** Tests: a certificate authority trusted besides the usual ones (a local stand-in's self-signed one). */
  extraCertificate?: string
  timeoutMs?: number
}

/** A device may subscribe several browsers; past this many, the oldest subscriptions go. */
const MAX_SUBSCRIPTIONS_PER_USER = 10

/** A notification is worth little after a day; a push service drops it after that. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60

/** Only a subscription whose session is alive: one ended is deleted with it, one expired waits for the sweep. */
const liveSession = () => gt(sessions.expiresAt, new Date())

/** The user's subscriptions a push goes to now, one outbox row each. `db` may be the change's transaction. */
export async function liveSubscriptionIds(db: Db | Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), liveSession()))
    .orderBy(pushSubscriptions.id)
  return rows.map((row) => row.id)
}

export function createPushSender({
  keys,
  subject,
  trustedOrigins = [],
  lookup,
  extraCertificate,
  timeoutMs = 10_000,
}: PushSenderOptions): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }
  const trusted = trustedTargets(trustedOrigins)
  const check = (endpoint: string) => checkPushEndpoint(endpoint, trusted)
  const agent = createPushAgent({ trusted, lookup, extraCertificate })
  return {
    publicKey: keys.publicKey,
    check,
    close: () => agent.destroy(),
    async send(db, subscriptionId, payload, log) {
      const [subscription] = await db
        .select({
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
        .where(and(eq(pushSubscriptions.id, subscriptionId), liveSession()))
      // One saved before these rules, or under other trusted origins, is left alone.
      if (!subscription || check(subscription.endpoint) !== undefined) return
      try {
        await webPush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: TIME_TO_LIVE_SECONDS,
            contentEncoding: 'aes128gcm',
            timeout: timeoutMs,
            agent,
          },
        )
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))
          return
        }
        // The endpoint is a capability URL: the failure's kind and status only, never the endpoint.
        log.warn(
          {
            err: { type: (error as Error).name },
            status: error instanceof WebPushError ? error.statusCode : undefined,
          },
          'push not delivered',
        )
        throw error
      }
    },
  }
}

/**
 * Keeps the subscription for this user and session (it ends with the session); an endpoint another account or
 * session held moves to this one. A user keeps at most MAX_SUBSCRIPTIONS_PER_USER: each notification goes to
 * all of them.
 */
export async function saveSubscription(
  db: Db,
  { userId, sessionId }: { userId: number; sessionId: number },
  subscription: PushSubscriptionJson,
): Promise<void> {
  const values = { userId, sessionId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: subscription.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    const beyond = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.id))
      .offset(MAX_SUBSCRIPTIONS_PER_USER)
    if (beyond.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          beyond.map((row) => row.id),
        ),
      )
    }
  })
}

/** Removes the user's subscription at `endpoint`; another user's is left alone. */
export async function removeSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return removed.length > 0
}
