import type { lookup as dnsLookup, LookupAddress } from 'node:dns'
import { Agent, request } from 'node:https'
import { type AddressInfo, createServer, isIP, type LookupFunction } from 'node:net'

import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import webPush from 'web-push'

import type { Db } from '../../db/open.ts'
import { checkPushEndpoint, createPushAgent, publicOnlyLookup, trustedTargets } from './push-endpoint.ts'
import { createPushSender } from './push.ts'

describe('push endpoints the server posts to', () => {
  it.each([
    'https://localhost/push',
    'https://api.localhost/push',
    'https://127.0.0.1:8443/push',
    'https://10.1.2.3/push',
    'https://172.20.0.5/push',
    'https://192.168.1.20/push',
    'https://169.254.169.254/latest',
    'https://100.64.0.1/push',
    'https://[::1]/push',
    'https://[fd00::1]/push',
    'https://[fe80::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    // IPv6 addresses that carry an IPv4 one: compatible, NAT64 (public or not), local-use NAT64, Teredo, and
    // mapped or 6to4 with a private one.
    'https://[::127.0.0.1]/push',
    'https://[::808:808]/push',
    'https://[64:ff9b::7f00:1]/push',
    'https://[64:ff9b::169.254.169.254]/latest',
    'https://[64:ff9b::808:808]/push',
    'https://[64:ff9b:1::808:808]/push',
    'https://[::ffff:a9fe:a9fe]/latest',
    'https://[2002:c0a8:101::1]/push',
    'https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/push',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push',
  ])('refuses %s, on this machine or a private network', (endpoint) => {
    // Some come back 'malformed': the WHATWG parser writes them otherwise ([::ffff:7f00:1]).
    expect(checkPushEndpoint(endpoint)).toBeDefined()
  })

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/abc',
    'https://8.8.8.8/push',
    'https://[2606:4700:4700::1111]/push',
    'https://fcm.googleapis.com/fcm/send/dK3:APA91bH-x_y.z~1?a=b&c=%20',
    // Mapped and 6to4 addresses carrying a public IPv4 one.
    'https://[::ffff:808:808]/push',
    'https://[2002:808:808::1]/push',
  ])('takes %s', (endpoint) => {
    expect(checkPushEndpoint(endpoint)).toBeUndefined()
  })

  it('accepts a private endpoint only on a configured trusted origin, exactly (PUSH_TRUSTED_ORIGINS)', () => {
    const keys = webPush.generateVAPIDKeys()
    const subject = 'mailto:support@haven.test'
    const closed = createPushSender({ keys, subject })
    expect(closed.check('https://127.0.0.1:8443/push')).toBe('notPublic')
    expect(closed.check('https://fcm.googleapis.com/x')).toBeUndefined()
    const open = createPushSender({ keys, subject, trustedOrigins: ['https://127.0.0.1:8443'] })
    expect(open.check('https://127.0.0.1:8443/push')).toBeUndefined()
    expect(open.check('https://127.0.0.1:8444/push')).toBe('notPublic')
    expect(open.check('https://127.0.0.1/push')).toBe('notPublic')
    // Still one every parser reads alike.
    expect(open.check('https://127.0.0.1:8443;x/push')).toBe('malformed')
    expect(open.check('https://fcm.googleapis.com/x')).toBeUndefined()
    closed.close()
    open.close()
  })
})

describe('a push endpoint whose name resolves to a private address', () => {
  /** A resolver that answers every name with these addresses, as a hostile or rebinding DNS could. */
  const resolvingTo =
    (...addresses: string[]) =>
    (_hostname: string, _options: object, callback: (error: null, addresses: LookupAddress[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: isIP(address) })),
      )

  it.each(['127.0.0.1', '10.0.0.7', '::1', '93.184.215.14 192.168.0.9', '64:ff9b::a00:7'])(
    'is refused when it connects (resolved to %s)',
    async (resolved) => {
      const lookup = publicOnlyLookup(resolvingTo(...resolved.split(' ')) as unknown as typeof dnsLookup)
      const answer = await new Promise<{ error: Error | null }>((resolve) =>
        lookup('push.example.test', { all: true }, (error) => resolve({ error })),
      )
      expect(answer.error?.message).toBe('The push endpoint is not on a public address.')
    },
  )

  it('passes a public address on', async () => {
    const lookup = publicOnlyLookup(resolvingTo('93.184.215.14') as unknown as typeof dnsLookup)
    const one = await new Promise((resolve) =>
      lookup('push.example.test', {}, (error, address, family) => resolve({ error, address, family })),
    )
    expect(one).toEqual({ error: null, address: '93.184.215.14', family: 4 })
    const all = await new Promise((resolve) =>
      lookup('push.example.test', { all: true }, (error, addresses) => resolve({ error, addresses })),
    )
    expect(all).toEqual({ error: null, addresses: [{ address: '93.184.215.14', family: 4 }] })
  })

  it('never reaches this machine: the sender opens no connection to it (an agent without the guard does)', async () => {
    // A listener on 127.0.0.1 counting the connections that reach it, named by a public-looking host.
    let connections = 0
    const listener = createServer((socket) => {
      connections += 1
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const { port } = listener.address() as AddressInfo
    const endpoint = `https://push.example.test:${port}/device`
    const warnings: string[] = []
    const log = {
      warn: (_details: object, message: string) => warnings.push(message),
    } as unknown as FastifyBaseLogger
    const subscription = {
      endpoint,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }
    const db = {
      select: () => ({
        from: () => ({
          innerJoin: () => ({ where: async () => [{ id: 1, ...subscription, ...subscription.keys }] }),
        }),
      }),
    } as unknown as Db
    const options = {
      keys: webPush.generateVAPIDKeys(),
      subject: 'mailto:support@haven.test',
      lookup: resolvingTo('127.0.0.1') as unknown as typeof dnsLookup,
      timeoutMs: 2000,
    }
    try {
      const payload = { title: 'Haven', body: 'A test', url: '/notifications', badge: 1, tag: 'test' }
      const guarded = createPushSender(options)
      // Refused before any connection, and left to the outbox's retry.
      await expect(guarded.send(db, 1, payload, log)).rejects.toThrow()
      guarded.close()
      expect(connections).toBe(0)
      expect(warnings).toEqual(['push not delivered'])

      // The same request through an agent that resolves without the guard: the connection is made.
      const unguarded = new Agent({ lookup: resolvingTo('127.0.0.1') as unknown as LookupFunction })
      await new Promise<void>((resolve) => {
        const sent = request(endpoint, { agent: unguarded, method: 'POST' }, () => resolve())
        sent.on('error', () => resolve())
        sent.end()
      })
      expect(connections).toBe(1)
    } finally {
      listener.close()
    }
  })
})

describe('the agent pushes go through', () => {
  /** A listener on 127.0.0.1 counting the connections that reach it. */
  async function listener() {
    let connections = 0
    const server = createServer((socket) => {
      connections += 1
      socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return { port, connections: () => connections, close: () => server.close() }
  }
  const post = (url: string, agent: Agent) =>
    new Promise<Error | undefined>((resolve) => {
      const sent = request(url, { agent, method: 'POST', timeout: 2000 }, () => resolve(undefined))
      sent.on('error', resolve)
      sent.end()
    })

  it('opens no connection to a non-public IP literal, which no lookup would see', async () => {
    const target = await listener()
    const agent = createPushAgent()
    try {
      for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
        const error = await post(`https://${host}:${target.port}/push`, agent)
        expect(error?.message).toBe('The push endpoint is not on a public address.')
      }
      expect(target.connections()).toBe(0)
    } finally {
      agent.destroy()
      target.close()
    }
  })

  it('connects to a configured stand-in, on its port only', async () => {
    const target = await listener()
    const other = await listener()
    const agent = createPushAgent({ trusted: trustedTargets([`https://127.0.0.1:${target.port}`]) })
    try {
      await post(`https://127.0.0.1:${target.port}/push`, agent)
      expect(target.connections()).toBe(1)
      expect((await post(`https://127.0.0.1:${other.port}/push`, agent))?.message).toBe(
        'The push endpoint is not on a public address.',
      )
      expect(other.connections()).toBe(0)
    } finally {
      agent.destroy()
      target.close()
      other.close()
    }
  })
})
