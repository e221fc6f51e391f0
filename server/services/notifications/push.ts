// Web push (docs/architecture.md, Embedded defaults and production): the browser's push service receives an
// aes128gcm-encrypted payload signed with the server's VAPID keys (generated once into $DATA_DIR/secrets.json,
// or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY). A subscription the push service says is gone (404, 410) is
// removed; any other failure is logged and the next notification tries again.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { Agent } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

import { and, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import webPush, { WebPushError } from 'web-push'

import type { PushPayload, PushSubscriptionJson } from '../../../src/domain/notifications.ts'
import type { Db } from '../../db/open.ts'
import { pushSubscriptions } from '../../db/schema.ts'
import type { VapidKeys } from '../secrets.ts'

export interface PushSender {
  readonly publicKey: string
  /** Whether the server may post to this endpoint (see `isPrivateEndpoint`). */
  accepts(endpoint: string): boolean
  /** One push to each of the user's subscriptions; resolves once every push service answered or failed. */
  send(db: Db, userId: number, payload: PushPayload, log: FastifyBaseLogger): Promise<void>
  /** Closes the connections kept open to push services (the server is stopping). */
  close(): void
}

export interface PushSenderOptions {
  keys: VapidKeys
  /** `mailto:` or `https:`: whom a push service may contact about this server's pushes. */
  subject: string
  /** Tests: reaches a local push service on 127.0.0.1, whose self-signed certificate this agent trusts. */
  agent?: Agent
  /**
   * Accept endpoints on this machine's or a private network's addresses (`PUSH_PRIVATE_ENDPOINTS`). Off in
   * production: such an endpoint would let a user make the server call into its own network.
   */
  privateEndpoints?: boolean
  /** Tests: how host names are resolved (the system's resolver otherwise). */
  lookup?: typeof dnsLookup
  timeoutMs?: number
}

/** A device may subscribe several browsers; past this many, the oldest subscriptions go. */
const MAX_SUBSCRIPTIONS_PER_USER = 10

/** Loopback, private, link-local and shared addresses: none of them is a browser vendor's push service. */
const PRIVATE_ADDRESSES = new BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(prefix, bits, 'ipv4')
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  // Local-use NAT64 (RFC 8215): translated to whatever IPv4 address the network chooses.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(prefix, bits, 'ipv6')
}

/** The 16 bytes of a valid IPv6 address (`isIP` said 6), a trailing dotted IPv4 part included. */
function ipv6Bytes(address: string): number[] {
  let text = address
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const before = head ? head.split(':') : []
  const after = tail ? tail.split(':') : []
  const groups =
    tail === undefined
      ? before
      : [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after]
  return groups.flatMap((group) => {
    const n = Number.parseInt(group, 16)
    return [n >> 8, n & 0xff]
  })
}

/**
 * The IPv4 address that an IPv6 one carries to reach an IPv4 host: IPv4-mapped and -compatible (`::ffff:a.b.c.d`,
 * `::a.b.c.d`), NAT64 (`64:ff9b::/96`), 6to4 (`2002::/16`) and Teredo (`2001::/32`, the client's address
 * inverted). A gateway on the way could turn a connection to it into one to that IPv4 host.
 */
function embeddedIpv4(bytes: number[]): string | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  const quad = (from: number, invert = false) =>
    bytes
      .slice(from, from + 4)
      .map((byte) => (invert ? byte ^ 0xff : byte))
      .join('.')
  const [b0, b1, b2, b3, , , , , , , b10, b11] = bytes
  if (zeros(0, 10) && b10 === b11 && (b10 === 0 || b10 === 0xff)) return quad(12)
  if (b0 === 0 && b1 === 0x64 && b2 === 0xff && b3 === 0x9b && zeros(4, 12)) return quad(12)
  if (b0 === 0x20 && b1 === 0x02) return quad(2)
  if (b0 === 0x20 && b1 === 0x01 && b2 === 0 && b3 === 0) return quad(12, true)
  return undefined
}

/** An IP address on this machine or a private network, an IPv6 address that carries an IPv4 one by that one. */
function isPrivateAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 0) return false
  if (version === 4) return PRIVATE_ADDRESSES.check(address, 'ipv4')
  if (PRIVATE_ADDRESSES.check(address, 'ipv6')) return true
  const carried = embeddedIpv4(ipv6Bytes(address))
  return carried !== undefined && PRIVATE_ADDRESSES.check(carried, 'ipv4')
}

/**
 * An endpoint on this machine or a private network, by its URL. The server posts to every endpoint a user
 * hands it, so such an endpoint would let a user make the server call into its own network. Refused when
 * the subscription is saved; a public name that resolves to a private address is refused when the server
 * connects (`publicOnlyLookup`).
 */
export function isPrivateEndpoint(endpoint: string): boolean {
  const host = new URL(endpoint).hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  return isPrivateAddress(host)
}

/**
 * A resolver for the sockets that carry pushes: a name with any private address among its answers fails as
 * if it did not resolve. It runs at every connection, so a name that answers a public address when the
 * subscription is saved and a private one later (DNS rebinding) is caught too.
 */
export function publicOnlyLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address))) {
        const refused = Object.assign(new Error('The push endpoint resolves to a private address.'), {
          code: 'ENOTFOUND',
        })
        return callback(refused, '', 0)
      }
      if (options.all) return callback(null, addresses as unknown as string)
      const [first] = addresses
      return callback(null, first!.address, first!.family)
    })
  }
}

/** A notification is worth little after a day; a push service drops it after that. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60

export function createPushSender({
  keys,
  subject,
  agent,
  privateEndpoints = false,
  lookup,
  timeoutMs = 10_000,
}: PushSenderOptions): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }
  const accepts = (endpoint: string) => privateEndpoints || !isPrivateEndpoint(endpoint)
  // Without private endpoints, every connection resolves through the guard. Kept alive, as a push service
  // is posted to again and again; an idle connection closes after a minute.
  const guarded = privateEndpoints
    ? undefined
    : new Agent({ keepAlive: true, timeout: 60_000, lookup: publicOnlyLookup(lookup) })
  const through = agent ?? guarded
  return {
    publicKey: keys.publicKey,
    accepts,
    close: () => guarded?.destroy(),
    async send(db, userId, payload, log) {
      const subscriptions = (
        await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
      ).filter((subscription) => accepts(subscription.endpoint))
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
                ...(through ? { agent: through } : {}),
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

/**
 * Keeps the subscription for this user; an endpoint another account held moves to this one. A user keeps
 * at most MAX_SUBSCRIPTIONS_PER_USER: each notification goes to all of them.
 */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: PushSubscriptionJson,
): Promise<void> {
  const values = { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth }
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
