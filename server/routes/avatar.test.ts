import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { users } from '../db/schema.ts'
import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { signInCookie } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { multipartBody } from '../test/stand-ins/multipart.ts'

/** Small enough that a noisy photo goes over it. */
const LIMIT = 200_000

const png = (width: number, height: number, noise = false) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      ...(noise ? { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } } : {}),
    },
  })
    .png()
    .toBuffer()

describe.each(databaseKinds())('avatars on %s', (kind) => {
  let t: TestApp
  let dir: string
  let cookie: string
  let otherCookie: string

  const upload = (id: number, file: Parameters<typeof multipartBody>[0], who = cookie) => {
    const { payload, headers } = multipartBody(file)
    return t.app.inject({
      method: 'POST',
      url: `/api/update-avatar/${id}`,
      payload,
      headers: { ...headers, ...(who ? { cookie: who } : {}) },
    })
  }
  const stored = async (id: number) =>
    (await t.database.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, id)))[0]?.avatar
  const files = () => readdirSync(dir).sort()

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 5, env: { AVATAR_MAX_BYTES: String(LIMIT) } })
    dir = join(t.config.dataDir, 'images', 'avatars')
    cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    otherCookie = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
  })
  afterAll(() => t?.close())

  it('re-encodes an upload to a 256x256 WebP with a random name, served under /images/avatars/', async () => {
    const response = await upload(t.seed.renterId, {
      name: 'me.png',
      type: 'image/png',
      data: await png(800, 500),
    })
    expect(response.statusCode).toBe(200)
    const file = await stored(t.seed.renterId)
    expect(file).toMatch(/^[0-9a-f]{32}\.webp$/)
    expect(JSON.stringify(response.json())).toContain(file)
    expect(files()).toEqual([file])

    const served = await t.app.inject({ method: 'GET', url: `/images/avatars/${file}` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })
  })

  it('lets no shared cache keep an avatar: private, whatever the spelling of its path', async () => {
    if ((await stored(t.seed.renterId)) === null) {
      await upload(t.seed.renterId, { name: 'me.png', type: 'image/png', data: await png(64, 64) })
    }
    const file = (await stored(t.seed.renterId))!
    for (const url of [
      `/images/avatars/${file}`,
      `/images/%61vatars/${file}`,
      `/images/./avatars/${file}`,
      `/images/locations/../avatars/${file}`,
    ]) {
      const served = await t.app.inject({ method: 'GET', url })
      expect(served.statusCode, url).toBe(200)
      expect(served.headers['cache-control'], url).toBe('private, max-age=604800')
    }
    // The demo's pictures are the same for everyone: proxies may keep them.
    mkdirSync(join(t.config.dataDir, 'images', 'locations'), { recursive: true })
    writeFileSync(join(t.config.dataDir, 'images', 'locations', 'location-1.webp'), await png(4, 4))
    const picture = await t.app.inject({ method: 'GET', url: '/images/locations/location-1.webp' })
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['cache-control']).toBe('public, max-age=604800')
  })

  it('replaces the previous avatar and deletes its file', async () => {
    const before = await stored(t.seed.renterId)
    const jpeg = await sharp(await png(300, 300))
      .jpeg()
      .toBuffer()
    const response = await upload(t.seed.renterId, { name: 'new.jpg', type: 'image/jpeg', data: jpeg })
    expect(response.statusCode).toBe(200)
    const after = await stored(t.seed.renterId)
    expect(after).not.toBe(before)
    expect(files()).toEqual([after])
  })

  it('refuses a file over the limit with 413 and the error shape, leaving nothing behind', async () => {
    const big = await png(600, 600, true)
    expect(big.length).toBeGreaterThan(LIMIT)
    const before = files()
    const response = await upload(t.seed.renterId, { name: 'big.png', type: 'image/png', data: big })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      error: 'too_large',
      message: 'The image must not be larger than 0.2 MB.',
    })
    expect(files()).toEqual(before)
  })

  it.each([
    ['text', 'notes.txt', 'text/plain', Buffer.from('hello')],
    ['bytes that only claim to be a PNG', 'fake.png', 'image/png', Buffer.from('GIF89a not really')],
    [
      'SVG',
      'x.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    ],
  ])('refuses %s with a 400', async (_case, name, type, data) => {
    const before = files()
    const response = await upload(t.seed.renterId, { name, type, data })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'not_an_image', message: 'The file is not an image.' })
    expect(files()).toEqual(before)
  })

  it('refuses a request without a file', async () => {
    const response = await upload(t.seed.renterId, null)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'no_image', message: 'Please add an image.' })
  })

  it('answers a malformed multipart body with 400 in the error shape, leaving nothing behind', async () => {
    const image = await png(200, 200)
    const whole = multipartBody({ name: 'me.png', type: 'image/png', data: image })
    const boundary = whole.headers['content-type']!.split('boundary=')[1]!
    const headerEnd = whole.payload.indexOf('\r\n\r\n') + 4
    const cases: [string, string, Buffer | string][] = [
      ['no boundary', 'multipart/form-data', whole.payload],
      ['an empty boundary', 'multipart/form-data; boundary=', whole.payload],
      ['a part cut in its data', whole.headers['content-type']!, whole.payload.subarray(0, headerEnd + 100)],
      [
        'a part cut in its headers',
        whole.headers['content-type']!,
        whole.payload.subarray(0, headerEnd - 20),
      ],
      [
        'no closing boundary',
        whole.headers['content-type']!,
        whole.payload.subarray(0, -(boundary.length + 6)),
      ],
      ['not multipart at all', whole.headers['content-type']!, 'hello, not a form'],
      ['nothing', whole.headers['content-type']!, ''],
    ]
    const before = files()
    for (const [name, type, payload] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/update-avatar/${t.seed.renterId}`,
        payload,
        headers: { 'content-type': type, cookie },
      })
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400)
      expect(response.json(), name).toEqual({ error: 'no_image', message: 'Please add an image.' })
      expect(files(), name).toEqual(before)
    }
    // The same upload, whole, still works.
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/update-avatar/${t.seed.renterId}`,
      payload: whole.payload,
      headers: { ...whole.headers, cookie },
    })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('refuses another user’s id with 403 and a visitor with 401, changing nothing', async () => {
    const before = files()
    const image = { name: 'me.png', type: 'image/png', data: await png(100, 100) }
    const forOther = await upload(t.seed.otherRenterId, image)
    expect(forOther.statusCode).toBe(403)
    expect(forOther.json()).toMatchObject({ error: 'forbidden' })
    const visitor = await upload(t.seed.renterId, image, '')
    expect(visitor.statusCode).toBe(401)
    expect(await stored(t.seed.otherRenterId)).toBeNull()
    expect(files()).toEqual(before)

    const deleteOther = await t.app.inject({
      method: 'POST',
      url: `/api/delete-avatar/${t.seed.renterId}`,
      headers: { cookie: otherCookie },
    })
    expect(deleteOther.statusCode).toBe(403)
    expect(files()).toEqual(before)
  })

  it('deletes the avatar and its file', async () => {
    const file = await stored(t.seed.renterId)
    expect(file).toBeTruthy()
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/delete-avatar/${t.seed.renterId}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ email: DEMO_RENTER.email })
    expect(response.json().avatar ?? null).toBeNull()
    expect(await stored(t.seed.renterId)).toBeNull()
    expect(existsSync(join(dir, file!))).toBe(false)
  })
})
