// Two Haven servers started at the same moment on one empty PostgreSQL, behind HAProxy (round robin, health
// checks on /api/health), one S3-compatible store (s3rver), and one set of outside stand-ins. A renter's
// journey goes through the balancer, so consecutive requests land on different instances; then one instance
// is killed mid-traffic and the other serves on, with nothing that was acknowledged lost.
import { randomUUID } from 'node:crypto'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { findPostgresBin } from '../../server/test/postgres.ts'
import { browserKeys, verifyVapid } from '../../server/test/stand-ins/push-service.ts'
import { type Cluster, findHaproxy, startCluster } from './cluster.ts'

const present = Boolean(findHaproxy() && findPostgresBin())
if (!present)
  console.log('[scale] skipped: needs HAProxy and PostgreSQL (apt-get install haproxy postgresql).')

interface Answer<T = Record<string, unknown>> {
  status: number
  body: T
  cookies: string[]
}

/** One HTTP call as the app makes it: same origin, JSON, the session cookie when given. */
async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; origin?: string } = {},
): Promise<Answer<T>> {
  const isForm = options.body instanceof FormData
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: options.origin ?? base,
      ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: isForm
      ? (options.body as FormData)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, cookies: response.headers.getSetCookie() }
}

const cookieOf = (cookies: string[], name: string) => {
  const found = cookies.find((c) => c.startsWith(`${name}=`))
  if (!found) throw new Error(`no ${name} cookie in ${cookies.join(' | ')}`)
  return found.split(';')[0]!
}

/** The text of the newest mail to `to` (nodemailer's quoted-printable undone), waiting for it to come. */
async function mailTo(cluster: Cluster, to: string, count = 1, limitMs = 20_000): Promise<string> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const found = cluster.mail.filter((m) => m.to.includes(to))
    if (found.length >= count) {
      return found
        .at(-1)!
        .raw.replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${limitMs} ms`)
    await new Promise((done) => setTimeout(done, 50))
  }
}

/** A stay of `nights` nights starting `inDays` days from now, and a property that takes `payment` for it. */
async function stayToBook(base: string, payment: 'payLater' | 'stripe', inDays: number, nights: number) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const [from, to] = [day(inDays), day(inDays + nights)]
  const search = await call<{ items: Array<{ _id: string }> }>(base, 'POST', '/api/properties/search', {
    body: { size: 30, from, to, language: 'en' },
  })
  for (const item of search.body.items) {
    const price = await call<{ breakdown: { total: number }; paymentMethods: string[] }>(
      base,
      'POST',
      '/api/booking-price',
      { body: { propertyId: item._id, from, to } },
    )
    if (price.status === 200 && price.body.paymentMethods.includes(payment)) {
      return {
        operationId: randomUUID(),
        propertyId: item._id,
        from,
        to,
        price: price.body.breakdown.total,
        payment,
      }
    }
  }
  throw new Error(`no property takes ${payment} from ${from} to ${to}`)
}

describe.runIf(present)('two instances behind HAProxy on one PostgreSQL', () => {
  let cluster: Cluster
  const email = `scale-${Date.now()}@haven.test`
  const password = 'scale-secret-1'
  let userId = ''
  let session = ''

  beforeAll(async () => {
    cluster = await startCluster({ instances: 2 })
  }, 300_000)

  afterAll(async () => {
    await cluster?.stop()
  }, 60_000)

  it('both instances started at once on the empty database, and it was seeded once', async () => {
    for (const instance of cluster.instances) {
      const health = await call(instance.url, 'GET', '/api/health')
      expect(health.status).toBe(200)
      expect(health.body.database).toBe('postgres')
    }
    const agencies = await call<Array<{ _id: string; name: string }>>(cluster.url, 'GET', '/api/all-agencies')
    const names = agencies.body.map((a) => a.name)
    expect(names.length).toBeGreaterThan(0)
    expect(new Set(names).size).toBe(names.length)
  })

  it('signs up, activates and signs in through the balancer; the session holds on both instances', async () => {
    const signUp = await call(cluster.url, 'POST', '/api/sign-up', {
      body: {
        email,
        password,
        fullName: 'Scale Renter',
        birthDate: '1990-02-03',
        language: 'en',
        acceptTerms: true,
      },
    })
    expect(signUp.status).toBe(200)
    userId = String(signUp.body._id)
    const text = await mailTo(cluster, email)
    const link = new URL(/https?:\/\/\S+\/activate\?\S+/.exec(text)![0])
    // The link is opened on whichever instance the balancer picks, with the password chosen at sign-up.
    const activated = await call(cluster.url, 'POST', '/api/activate', {
      body: { userId: link.searchParams.get('u'), token: link.searchParams.get('t'), password },
    })
    expect(activated.status).toBe(200)

    const signIn = await call(cluster.url, 'POST', '/api/sign-in/frontend', {
      body: { email, password, stayConnected: true },
    })
    expect(signIn.status).toBe(200)
    session = cookieOf(signIn.cookies, 'haven_session')

    // Ten reads in a row alternate between the instances: each knows the session.
    const statuses: number[] = []
    for (let i = 0; i < 10; i += 1)
      statuses.push((await call(cluster.url, 'GET', `/api/user/${userId}`, { cookie: session })).status)
    expect(statuses).toEqual(Array(10).fill(200))
    for (const instance of cluster.instances) {
      expect((await call(instance.url, 'GET', `/api/user/${userId}`, { cookie: session })).status).toBe(200)
    }
  })

  it('serves an avatar uploaded through one instance from every instance, and deletes it for all', async () => {
    const [first, second] = cluster.instances
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png')
    const uploaded = await call<{ avatar: string }>(first!.url, 'POST', `/api/update-avatar/${userId}`, {
      body: form,
      cookie: session,
    })
    expect(uploaded.status).toBe(200)
    const path = `/images/avatars/${uploaded.body.avatar}`
    for (const instance of cluster.instances) {
      const served = await fetch(`${instance.url}${path}`)
      expect(served.status, instance.name).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/webp')
    }
    const deleted = await call(second!.url, 'POST', `/api/delete-avatar/${userId}`, { cookie: session })
    expect(deleted.status).toBe(200)
    for (const instance of cluster.instances) {
      expect((await fetch(`${instance.url}${path}`)).status, instance.name).toBe(404)
    }
  })

  it('books, notifies, and pushes with the one VAPID key every instance shares', async () => {
    const keys = browserKeys()
    const subscribed = await call(cluster.url, 'POST', '/api/push-subscription', {
      cookie: session,
      body: { endpoint: `${cluster.push.url}/push/${randomUUID()}`, keys: keys.json },
    })
    expect(subscribed.status).toBe(200)
    const publicKeys = new Set<string>()
    for (const instance of cluster.instances) {
      publicKeys.add(String((await call(instance.url, 'GET', '/api/push-key')).body.publicKey))
    }
    expect(publicKeys.size).toBe(1)

    // The same queued checkout delivered to both instances at once: one booking.
    const body = await stayToBook(cluster.url, 'payLater', 300, 4)
    const [a, b] = await Promise.all(
      cluster.instances.map((instance) =>
        call(instance.url, 'POST', '/api/checkout', { cookie: session, body }),
      ),
    )
    expect([a!.status, b!.status]).toEqual([200, 200])
    expect(a!.body.bookingId).toBe(b!.body.bookingId)
    const list = await call<{ items: unknown[] }>(cluster.url, 'POST', '/api/bookings', {
      cookie: session,
      body: {},
    })
    expect(list.body.items).toHaveLength(1)
    // Its confirmation e-mail went before the answer, from the outbox row written with the booking.
    expect(
      cluster.mail.filter((m) => m.to.includes(email)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]),
    ).toHaveLength(2)

    const counter = await call(cluster.url, 'GET', `/api/notification-counter/${userId}`, { cookie: session })
    expect(Number(counter.body.count)).toBeGreaterThan(0)
    const deadline = Date.now() + 20_000
    while (cluster.push.received.length === 0 && Date.now() < deadline)
      await new Promise((d) => setTimeout(d, 50))
    expect(cluster.push.received.length).toBeGreaterThan(0)
    const pushed = cluster.push.received.at(-1)!
    const { key } = verifyVapid(String(pushed.headers.authorization))
    expect(key).toBe([...publicKeys][0])
    expect(keys.decrypt(pushed.body)).toContain('"title"')
  })

  it('takes a card payment started on one instance and confirmed on the other, at one stand-in', async () => {
    const [first, second] = cluster.instances
    const started = await call<{ bookingId: string; payment: { sessionId: string } }>(
      first!.url,
      'POST',
      '/api/checkout',
      { cookie: session, body: await stayToBook(cluster.url, 'stripe', 320, 3) },
    )
    expect(started.status).toBe(200)
    cluster.payments.stripe.pay(started.body.payment.sessionId)
    const confirmed = await call(
      second!.url,
      'POST',
      `/api/check-checkout-session/${started.body.payment.sessionId}`,
      {
        cookie: session,
      },
    )
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ bookingId: started.body.bookingId, status: 'PAID' })
  })

  it('counts sign-in failures once across instances: the eleventh guess is refused', async () => {
    // One address (as the balancer forwards it) guessing one account's password.
    const headers = { 'x-forwarded-for': '203.0.113.77' }
    const statuses: number[] = []
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await call(cluster.url, 'POST', '/api/sign-in/frontend', {
            headers,
            body: { email, password: `wrong-${i}` },
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
  }, 120_000)

  it('keeps every acknowledged change when an instance is killed mid-traffic', async () => {
    const search = await call<{ items: Array<{ _id: string }> }>(
      cluster.url,
      'POST',
      '/api/properties/search',
      {
        body: { size: 40, language: 'en' },
      },
    )
    const ids = search.body.items.map((item) => item._id)
    expect(ids.length).toBe(40)
    const acknowledged: string[] = []
    let sentAgain = 0
    const waiting = [...ids]
    let started = 0
    let killed: Promise<void> | undefined
    // Four clients at once; the first instance dies while the others' requests are on their way.
    const client = async () => {
      for (let propertyId = waiting.shift(); propertyId; propertyId = waiting.shift()) {
        started += 1
        if (started === 10) killed = cluster.instances[0]!.kill()
        const operationId = randomUUID()
        // As the offline queue does: a write with no answer is sent again with its operation id.
        for (let attempt = 0; attempt < 10; attempt += 1) {
          const answer = await call(cluster.url, 'POST', `/api/favourite/${userId}/${propertyId}`, {
            cookie: session,
            body: { favourite: true, operationId },
          }).catch(() => null)
          if (answer?.status === 200) {
            acknowledged.push(propertyId)
            break
          }
          sentAgain += 1
        }
      }
    }
    await Promise.all([client(), client(), client(), client()])
    await killed
    expect(cluster.instances[0]!.exited).toBe(true)
    expect(acknowledged).toHaveLength(40)
    const saved = await call<{ items: Array<{ property: { _id: string } }> }>(
      cluster.url,
      'GET',
      `/api/favourites/${userId}/en`,
      { cookie: session },
    )
    expect(new Set(saved.body.items.map((item) => item.property._id))).toEqual(new Set(acknowledged))
    // Reads go on, all answered by the survivor.
    for (let i = 0; i < 10; i += 1) {
      expect((await call(cluster.url, 'GET', `/api/user/${userId}`, { cookie: session })).status).toBe(200)
    }
    console.log(`[scale] around the kill: ${acknowledged.length} acknowledged, ${sentAgain} sent again`)
  }, 120_000)
})
