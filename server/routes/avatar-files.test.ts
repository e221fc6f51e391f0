// Two servers behind one address, on one PostgreSQL database and one S3-compatible bucket: an avatar stored
// through either is served by both, and a replaced or deleted one is gone for both.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { type Database, openDatabase } from '../db/open.ts'
import { DEMO_RENTER } from '../db/seed/seed.ts'
import { signInCookie } from '../test/accounts.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { multipartBody } from '../test/stand-ins/multipart.ts'
import { startS3StandIn, type S3StandIn } from '../test/stand-ins/s3.ts'

describe.skipIf(!inject('postgresUrl'))('avatars on two servers sharing PostgreSQL and an S3 bucket', () => {
  let s3: S3StandIn
  let one: TestApp
  let two: FastifyInstance
  let twoDatabase: Database
  let twoDataDir: string
  let cookie: string

  beforeAll(async () => {
    s3 = await startS3StandIn()
    one = await startTestApp('postgres', { properties: 5, env: s3.env })
    // The second server: its own connections, its own DATA_DIR, the same database and bucket.
    const url = one.app.ctx.config.databaseUrl
    twoDataDir = mkdtempSync(join(tmpdir(), 'haven-test-'))
    twoDatabase = await openDatabase({ url })
    const config = loadConfig({
      DATA_DIR: twoDataDir,
      LOG_LEVEL: 'silent',
      DIST_DIR: join(twoDataDir, 'dist'),
      ...s3.env,
    })
    two = await buildApp({ config: { ...config, databaseUrl: url }, database: twoDatabase })
    await two.ready()
    cookie = await signInCookie(one.app, DEMO_RENTER.email, DEMO_RENTER.password)
  })
  afterAll(async () => {
    await two?.close()
    await twoDatabase?.close()
    await one?.close()
    await s3?.close()
    if (twoDataDir) rmSync(twoDataDir, { recursive: true, force: true })
  })

  const upload = async (app: FastifyInstance, color: number) => {
    const data = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: color, g: 0, b: 0 } },
    })
      .png()
      .toBuffer()
    const { payload, headers } = multipartBody({ name: 'me.png', type: 'image/png', data })
    const response = await app.inject({
      method: 'POST',
      url: `/api/update-avatar/${one.seed.renterId}`,
      payload,
      headers: { ...headers, cookie },
    })
    expect(response.statusCode).toBe(200)
    return (response.json() as { avatar: string }).avatar
  }
  const fetchAvatar = (app: FastifyInstance, file: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/images/avatars/${file}`, headers })

  it('signs a session in on one server that the other accepts (the secrets are shared)', async () => {
    for (const app of [one.app, two]) {
      const me = await app.inject({ url: `/api/user/${one.seed.renterId}`, headers: { cookie } })
      expect(me.statusCode).toBe(200)
    }
  })

  it('serves an avatar from both servers, and a replaced or deleted one from neither', async () => {
    const first = await upload(one.app, 200)
    const fromOne = await fetchAvatar(one.app, first)
    const fromTwo = await fetchAvatar(two, first)
    for (const served of [fromOne, fromTwo]) {
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
      expect(served.headers['cache-control']).toBe('private, max-age=604800')
    }
    expect(fromTwo.rawPayload.equals(fromOne.rawPayload)).toBe(true)
    expect(await sharp(fromTwo.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    })
    // The browser asks again with the ETag either server gave: unchanged, nothing is sent.
    expect(fromTwo.headers.etag).toBe(fromOne.headers.etag)
    const revalidated = await fetchAvatar(one.app, first, { 'if-none-match': String(fromTwo.headers.etag) })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.rawPayload.length).toBe(0)

    // Replaced through the other server: the old one is gone for both, the new one served by both.
    const second = await upload(two, 40)
    expect(second).not.toBe(first)
    for (const app of [one.app, two]) {
      expect((await fetchAvatar(app, first)).statusCode).toBe(404)
      expect((await fetchAvatar(app, second)).statusCode).toBe(200)
    }

    const removed = await one.app.inject({
      method: 'POST',
      url: `/api/delete-avatar/${one.seed.renterId}`,
      headers: { cookie },
    })
    expect(removed.statusCode).toBe(200)
    for (const app of [one.app, two]) expect((await fetchAvatar(app, second)).statusCode).toBe(404)

    // Nothing went to either server's own disk.
    for (const dataDir of [one.config.dataDir, twoDataDir]) {
      expect(() => readdirSync(join(dataDir, 'images', 'avatars'))).toThrow(/ENOENT/)
    }
  })

  it('answers 404 for a name that cannot be a stored file', async () => {
    for (const file of ['.hidden.webp', 'a%2F..%2Fsecrets.json', '..%2Fsecrets.json']) {
      expect((await fetchAvatar(two, file)).statusCode, file).toBe(404)
    }
  })
})
