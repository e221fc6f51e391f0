import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { favourites, properties } from '../db/schema.ts'
import { DEMO_RENTER, OTHER_RENTER } from '../db/seed/seed.ts'
import { clientOf, signInCookie } from '../test/accounts.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

describe.each(databaseKinds())('saved places on %s', (kind) => {
  let t: TestApp
  let cookie: string
  let otherCookie: string
  let renterId: string
  let otherId: string
  /** Visible properties, and one hidden. */
  let visible: number[]
  let hidden: number

  const { post, get } = clientOf(() => t.app)
  const list = async (userId = renterId, who = cookie, language = 'en') =>
    get(`/api/favourites/${userId}/${language}`, who)
  const savedIds = async (userId = renterId, who = cookie) =>
    ((await list(userId, who)).json().items as { property: { _id: string } }[]).map(
      (item) => item.property._id,
    )
  const rowsOf = async (userId: number) =>
    (await t.database.db.select().from(favourites).where(eq(favourites.userId, userId)))
      .map((row) => row.propertyId)
      .sort((a, b) => a - b)
  const keep = (propertyId: number | string, favourite: boolean, operationId?: string, who = cookie) =>
    post(
      `/api/favourite/${renterId}/${propertyId}`,
      { favourite, ...(operationId ? { operationId } : {}) },
      who,
    )

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 40 })
    cookie = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    otherCookie = await signInCookie(t.app, OTHER_RENTER.email, OTHER_RENTER.password)
    renterId = String(t.seed.renterId)
    otherId = String(t.seed.otherRenterId)
    const rows = await t.database.db.select().from(properties).orderBy(properties.id)
    visible = rows.filter((row) => !row.hidden).map((row) => row.id)
    hidden = rows.find((row) => row.hidden)!.id
  })
  afterAll(() => t?.close())

  it('keeps a property, lists it first with its card’s summary in the reader’s language, and lets it go', async () => {
    expect((await list()).json()).toEqual({ items: [] })
    const [first, second] = visible as [number, number]
    const kept = await keep(first, true)
    expect(kept.statusCode, kept.body).toBe(200)
    expect(kept.json()).toEqual({ propertyId: String(first), favourite: true })
    expect((await keep(second, true)).statusCode).toBe(200)
    // Kept twice: still one row.
    expect((await keep(second, true)).statusCode).toBe(200)
    expect(await rowsOf(t.seed.renterId)).toEqual([first, second].sort((a, b) => a - b))

    const en = (await list()).json()
    expect(en.items.map((item: { property: { _id: string } }) => item.property._id)).toEqual([
      String(second),
      String(first),
    ])
    expect(en.items[0].property).toMatchObject({ _id: String(second), name: expect.any(String) })
    expect(Date.parse(en.items[0].savedAt)).not.toBeNaN()
    const fr = (await list(renterId, cookie, 'fr')).json()
    expect(fr.items).toHaveLength(2)
    // Place names follow the language asked.
    expect(fr.items.map((item: { property: { location: unknown } }) => item.property.location)).toEqual(
      fr.items.map((item: { property: { location: { _id: string } } }) => ({
        _id: item.property.location._id,
        name: expect.any(String),
      })),
    )

    const released = await keep(first, false)
    expect(released.json()).toEqual({ propertyId: String(first), favourite: false })
    // Letting go of what is not kept is already done.
    expect((await keep(first, false)).statusCode).toBe(200)
    expect(await savedIds()).toEqual([String(second)])
    await keep(second, false)
  })

  it('answers 404 for a hidden or unknown property and keeps nothing; a hidden one kept before is not listed', async () => {
    const refused = await keep(hidden, true)
    expect(refused.statusCode).toBe(404)
    expect(refused.json().error).toBe('not_found')
    expect((await keep('999999999', true)).statusCode).toBe(404)
    expect(await rowsOf(t.seed.renterId)).toEqual([])
    // Kept while it was visible, then hidden by its agency.
    await t.database.db.insert(favourites).values({ userId: t.seed.renterId, propertyId: hidden })
    expect(await savedIds()).toEqual([])
    await t.database.db
      .delete(favourites)
      .where(and(eq(favourites.userId, t.seed.renterId), eq(favourites.propertyId, hidden)))
  })

  it('applies an operation id once: a replay after a later change does not undo it', async () => {
    const property = visible[2]!
    const keepId = randomUUID()
    expect((await keep(property, true, keepId)).json()).toEqual({
      propertyId: String(property),
      favourite: true,
    })
    expect((await keep(property, false, randomUUID())).statusCode).toBe(200)
    // The first write delivered again (the offline queue replaying it): the same answer, nothing kept.
    const replay = await keep(property, true, keepId)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual({ propertyId: String(property), favourite: true })
    expect(await rowsOf(t.seed.renterId)).toEqual([])

    const mergeId = randomUUID()
    const merge = () =>
      post(
        `/api/add-favourites/${renterId}`,
        { propertyIds: [String(property)], operationId: mergeId },
        cookie,
      )
    expect((await merge()).json()).toEqual({ added: 1 })
    await keep(property, false, randomUUID())
    expect((await merge()).json()).toEqual({ added: 1 })
    expect(await rowsOf(t.seed.renterId)).toEqual([])
  })

  it('keeps the places a visitor saved, passing over hidden, unknown and already kept ones', async () => {
    const [a, b, c] = visible.slice(3) as [number, number, number]
    await keep(a, true)
    const merged = await post(
      `/api/add-favourites/${renterId}`,
      {
        propertyIds: [String(a), String(b), String(c), String(c), String(hidden), '999999999'],
        operationId: randomUUID(),
      },
      cookie,
    )
    expect(merged.statusCode, merged.body).toBe(200)
    expect(merged.json()).toEqual({ added: 2 })
    expect(await rowsOf(t.seed.renterId)).toEqual([a, b, c].sort((x, y) => x - y))
    for (const id of [a, b, c]) await keep(id, false)
  })

  it('never reads or changes another user’s saved places: 401 for a visitor, 403 for anyone else', async () => {
    const property = visible[6]!
    await keep(property, true)
    const before = await rowsOf(t.seed.renterId)

    expect((await list(renterId, '')).statusCode).toBe(401)
    const read = await list(renterId, otherCookie)
    expect(read.statusCode).toBe(403)
    expect(read.body).not.toContain(String(property))

    for (const who of [otherCookie, undefined]) {
      const status = who ? 403 : 401
      expect(
        (await post(`/api/favourite/${renterId}/${property}`, { favourite: false }, who)).statusCode,
      ).toBe(status)
      expect(
        (await post(`/api/favourite/${renterId}/${visible[7]}`, { favourite: true }, who)).statusCode,
      ).toBe(status)
      expect(
        (await post(`/api/add-favourites/${renterId}`, { propertyIds: [String(visible[8])] }, who))
          .statusCode,
      ).toBe(status)
    }
    expect(await rowsOf(t.seed.renterId)).toEqual(before)
    expect(await rowsOf(t.seed.otherRenterId)).toEqual([])
    // The other user's own list holds nothing of the renter's.
    expect(await savedIds(otherId, otherCookie)).toEqual([])
    await keep(property, false)
  })

  it('answers bad input with 400, never 500', async () => {
    const property = visible[9]!
    const cases: [string, unknown][] = [
      [`/api/favourite/${renterId}/${property}`, {}],
      [`/api/favourite/${renterId}/${property}`, { favourite: 'yes' }],
      [`/api/favourite/${renterId}/${property}`, { favourite: true, operationId: 'short' }],
      [`/api/favourite/${renterId}/${property}`, { favourite: true, operationId: 'a\u0000bcdefghij' }],
      [`/api/favourite/${renterId}/${property}`, { favourite: true, extra: 1 }],
      [`/api/favourite/${renterId}/0`, { favourite: true }],
      [`/api/favourite/${renterId}/abc`, { favourite: true }],
      [`/api/favourite/${renterId}/${'9'.repeat(30)}`, { favourite: true }],
      [`/api/favourite/${renterId}/-1`, { favourite: true }],
      [`/api/add-favourites/${renterId}`, { propertyIds: [] }],
      [`/api/add-favourites/${renterId}`, { propertyIds: ['x'] }],
      [`/api/add-favourites/${renterId}`, { propertyIds: [property] }],
      [
        `/api/add-favourites/${renterId}`,
        { propertyIds: Array.from({ length: 201 }, (_, i) => String(i + 1)) },
      ],
      [`/api/add-favourites/${renterId}`, {}],
    ]
    for (const [url, body] of cases) {
      const response = await post(url, body as object, cookie)
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400)
      expect(response.json().error).toBe('validation')
    }
    const badLanguage = await get(`/api/favourites/${renterId}/de`, cookie)
    expect(badLanguage.statusCode).toBe(400)
    const badUser = await get(`/api/favourites/abc/en`, cookie)
    expect(badUser.statusCode).toBe(400)
    expect(await rowsOf(t.seed.renterId)).toEqual([])
  })
})
