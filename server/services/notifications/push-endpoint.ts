// Where the server may post a push (docs/api.md, Push endpoints). Endpoints come from users, so a careless
// check would let a user make the server call into its own network. Two checks, each complete on its own:
// - when a subscription is saved (`checkPushEndpoint`): a plain https URL that every parser involved reads the
//   same way (the WHATWG URL this file checks, and the legacy `url.parse` web-push sends with), whose host is a
//   DNS name or an IP literal outside every non-public range;
// - when the server connects (`createPushAgent`): the address the socket opens is public, whatever the name
//   resolves to at that moment (a DNS name pointed at 127.0.0.1, or switched there later, is not connected to).
// Push services on a private address (one run on the operator's own network; a test's stand-in) are named
// one by one in configuration (PUSH_TRUSTED_ORIGINS); nothing else lifts the rule.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { Agent, type AgentOptions, type RequestOptions } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import type { Duplex } from 'node:stream'
import { rootCertificates } from 'node:tls'
import { parse as legacyParse } from 'node:url'

/** Every IPv4 and IPv6 range that is not the public internet (IANA special-purpose registries). */
const NON_PUBLIC = new BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 (broadcast) within it
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv4')
}
for (const [prefix, bits] of [
  ['::', 96], // unspecified (::/128), loopback (::1/128) and the deprecated IPv4-compatible addresses
  ['64:ff9b::', 96], // NAT64: translated to an IPv4 address by a gateway of the network's choosing
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) among them
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some networks)
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv6')
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
 * The IPv4 address an IPv6 one stands for on its way to an IPv4 host: IPv4-mapped (`::ffff:a.b.c.d`, which a
 * dual-stack socket connects to as that IPv4 address) and 6to4 (`2002:aabb:ccdd::/48`, which a relay
 * forwards to it). The other such ranges (NAT64, Teredo, IPv4-compatible) are refused whole.
 */
function carriedIpv4(bytes: number[]): string | undefined {
  const zeros = bytes.slice(0, 10).every((byte) => byte === 0)
  if (zeros && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.')
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join('.')
  return undefined
}

/** An IP address on the public internet; false for anything else, a name included. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1')
  const version = isIP(bare)
  if (version === 4) return !NON_PUBLIC.check(bare, 'ipv4')
  if (version !== 6) return false
  if (NON_PUBLIC.check(bare, 'ipv6')) return false
  const carried = carriedIpv4(ipv6Bytes(bare))
  return carried === undefined || !NON_PUBLIC.check(carried, 'ipv4')
}

/** A DNS name as push services have them: two labels or more of letters, digits and inner hyphens. */
const DNS_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** Printable ASCII but the characters parsers disagree on (quotes, braces, backslash, pipe, caret, backtick). */
const PLAIN_URL = /^https:\/\/[A-Za-z0-9\-._~:/?@!$&()*+,;=%[\]]+$/

export type EndpointRefusal =
  /** Not a plain https URL that every parser reads alike. */
  | 'malformed'
  /** On this machine, a private network or another non-public address. */
  | 'notPublic'

/** `https://host:port` as the socket sees it: the host without brackets, the port a number. */
const socketTarget = (host: string, port: number | string | null | undefined) =>
  `${host.replace(/^\[(.*)\]$/, '$1').toLowerCase()}:${port ? Number(port) : 443}`

/** The trusted origins (`https://127.0.0.1:8443`) as socket targets. */
export function trustedTargets(origins: readonly string[]): Set<string> {
  return new Set(
    origins.map((origin) => {
      const url = new URL(origin)
      return socketTarget(url.hostname, url.port)
    }),
  )
}

/**
 * Why the server would not post to `endpoint`, or undefined when it may. `trusted` are the socket targets of
 * the configured trusted origins: the one exception to "a public address".
 */
export function checkPushEndpoint(
  endpoint: string,
  trusted: ReadonlySet<string> = new Set(),
): EndpointRefusal | undefined {
  if (!PLAIN_URL.test(endpoint) || !URL.canParse(endpoint)) return 'malformed'
  const url = new URL(endpoint)
  // Written exactly as the WHATWG parser writes it back: nothing it would fix, drop or read differently.
  if (url.href !== endpoint || url.protocol !== 'https:' || url.username || url.password || url.hash) {
    return 'malformed'
  }
  // web-push sends with the legacy parser: it must read the same host, port and path.
  const legacy = legacyParse(endpoint)
  if (
    legacy.protocol !== 'https:' ||
    legacy.auth !== null ||
    legacy.host !== url.host ||
    (legacy.port ?? '') !== url.port ||
    legacy.path !== `${url.pathname}${url.search}` ||
    legacy.hostname?.replace(/^\[(.*)\]$/, '$1') !== url.hostname.replace(/^\[(.*)\]$/, '$1')
  ) {
    return 'malformed'
  }
  if (trusted.has(socketTarget(url.hostname, url.port))) return undefined
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  if (isIP(host)) return isPublicAddress(host) ? undefined : 'notPublic'
  if (host === 'localhost' || host.endsWith('.localhost')) return 'notPublic'
  if (!DNS_NAME.test(host)) return 'malformed'
  return undefined
}

const refused = () =>
  Object.assign(new Error('The push endpoint is not on a public address.'), { code: 'ENOTFOUND' })

/**
 * A resolver for the sockets that carry pushes: a name with any non-public address among its answers fails
 * as if it did not resolve. It runs at every connection, so a name that answers a public address when the
 * subscription is saved and a private one later (DNS rebinding) is caught too.
 */
export function publicOnlyLookup(resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) {
        return callback(refused(), '', 0)
      }
      if (options.all) return callback(null, addresses as unknown as string)
      const [first] = addresses
      return callback(null, first!.address, first!.family)
    })
  }
}

export interface PushAgentOptions {
  /** Socket targets (`trustedTargets`) connected to as they are: the configured trusted push services. */
  trusted?: ReadonlySet<string>
  /** Tests: how names are resolved (the system's resolver otherwise). */
  lookup?: typeof dnsLookup
  /** Tests: a certificate authority trusted besides the usual ones (a local stand-in's self-signed one). */
  extraCertificate?: string
}

/**
 * The only way pushes leave the server. Every connection goes to a public address: an IP literal is checked
 * here (Node does not resolve one, so a lookup never sees it), a name through `publicOnlyLookup`, which
 * checks every address it resolves to. Kept alive, as a push service is posted to again and again; an idle
 * connection closes after a minute.
 */
export function createPushAgent({ trusted = new Set(), lookup, extraCertificate }: PushAgentOptions = {}) {
  const guardedLookup = publicOnlyLookup(lookup)
  const options: AgentOptions = {
    keepAlive: true,
    timeout: 60_000,
    ...(extraCertificate ? { ca: [...rootCertificates, extraCertificate] } : {}),
  }
  class PushAgent extends Agent {
    override createConnection(
      connection: RequestOptions,
      callback?: (error: Error | null, socket: Duplex) => void,
    ): Duplex | null | undefined {
      const host = connection.host ?? ''
      const isTrusted = trusted.has(socketTarget(host, connection.port))
      if (!isTrusted && isIP(host) && !isPublicAddress(host)) {
        if (!callback) throw refused()
        process.nextTick(() => callback(refused(), undefined as unknown as Duplex))
        return undefined
      }
      return super.createConnection(
        isTrusted ? connection : { ...connection, lookup: guardedLookup },
        callback,
      )
    }
  }
  return new PushAgent(options)
}
