// Guest checkout makes an account, so with reCAPTCHA on it asks for a token exactly as sign-up does
// (sign-up-recaptcha.test.ts); a signed-in renter's checkout makes none and never needs one.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { users } from '../db/schema.ts'
import { DEMO_RENTER } from '../db/seed/seed.ts'
import { freshIp, signInCookie } from '../test/accounts.ts'
import { bookableProperty, checkoutBody, guest } from '../test/bookings.ts'
import { databaseKinds } from '../test/harness.ts'
import { appWithRecaptcha, CHROME, SAFARI } from '../test/recaptcha.ts'

describe.each(databaseKinds())('checkout with reCAPTCHA on, on %s', (kind) => {
  const world = appWithRecaptcha(kind, 20)

  const checkout = (
    payload: object,
    {
      userAgent = CHROME,
      cookie,
      address = freshIp(),
    }: { userAgent?: string; cookie?: string; address?: string } = {},
  ) =>
    world.t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload,
      headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
      remoteAddress: address,
    })
  const accountOf = async (email: string) =>
    (await world.t.database.db.select().from(users).where(eq(users.email, email)))[0]

  it('refuses a guest checkout without a token, or with a refused one, as sign-up does, and makes nothing', async () => {
    const property = await bookableProperty(world.t.database.db, {})
    const email = `no-token-${kind}@example.test`
    for (const response of [
      await checkout(checkoutBody(property, {}, { guest: guest(email) })),
      await checkout(checkoutBody(property, {}, { guest: guest(email), recaptchaToken: 'forged' })),
    ]) {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: 'recaptcha_failed', message: 'reCAPTCHA error' })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    expect(await accountOf(email)).toBeUndefined()
    // A taken address is not told apart from a free one without a token.
    const taken = await checkout(checkoutBody(property, {}, { guest: guest(DEMO_RENTER.email) }))
    expect(taken.json()).toMatchObject({ error: 'recaptcha_failed' })
  })

  it('books as a guest with a token the provider accepts; a replay of it needs no other token', async () => {
    const property = await bookableProperty(world.t.database.db, {})
    const email = `human-${kind}@example.test`
    world.provider.accept(`good-${kind}`)
    const body = checkoutBody(property, {}, { guest: guest(email), recaptchaToken: `good-${kind}` })
    const response = await checkout(body)
    expect(response.statusCode, response.body).toBe(200)
    expect(world.provider.calls.at(-1)).toMatchObject({ response: `good-${kind}` })
    expect(await accountOf(email)).toMatchObject({ activatedAt: null })
    // The provider refuses a token used once; a replay makes no account and is answered without asking it.
    const calls = world.provider.calls.length
    const replay = await checkout(body)
    expect(replay.statusCode, replay.body).toBe(200)
    expect(replay.json()).toEqual(response.json())
    expect(world.provider.calls.length).toBe(calls)
  })

  it('lets a tokenless Safari claim book as a guest only a few times an hour per address', async () => {
    const address = freshIp()
    const property = await bookableProperty(world.t.database.db, {})
    for (let i = 0; i < 3; i += 1) {
      const body = checkoutBody(property, {}, { guest: guest(`safari-${i}-${kind}@example.test`) })
      const response = await checkout(body, { userAgent: SAFARI, address })
      expect(response.statusCode, response.body).toBe(200)
    }
    const fourth = await checkout(
      checkoutBody(property, {}, { guest: guest(`safari-3-${kind}@example.test`) }),
      { userAgent: SAFARI, address },
    )
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toEqual({ error: 'rate_limited', message: 'Too many requests. Try again later.' })
    expect(await accountOf(`safari-3-${kind}@example.test`)).toBeUndefined()
  })

  it('never asks a signed-in renter for a token', async () => {
    const cookie = await signInCookie(world.t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    const property = await bookableProperty(world.t.database.db, {})
    const calls = world.provider.calls.length
    const response = await checkout(checkoutBody(property), { cookie })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ status: 'PENDING', userId: String(world.t.seed.renterId) })
    expect(world.provider.calls.length).toBe(calls)
  })
})
