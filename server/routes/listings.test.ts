// The back office's listings (docs/product.md §6, Listings), over HTTP on both databases: the form's rules
// refused with a code on their field (never a 500), who may call what (an agency its own properties, an
// administrator any, a renter and a visitor none), images checked, resized, kept and deleted once unused,
// a booked property only hidden, never deleted, and every change seen on the renter's side at once although
// the search's first pages and the rendered pages are kept for a minute here.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { and, eq, ne } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bookings, properties, propertyUploads, users } from '../db/schema.ts'
import { DEMO_ADMIN, DEMO_AGENCY, DEMO_RENTER } from '../db/seed/seed.ts'
import { sweepUnusedUploads, UNUSED_UPLOAD_MS } from '../services/listings/images.ts'
import { clientOf, freshIp, signInCookie } from '../test/accounts.ts'
import { bookableProperty, checkoutBody, freshRenter } from '../test/bookings.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

/** The server bundle's stand-in: any page rendered is the same markup; the head is the server's own. */
const STAND_IN = `
export async function renderPage() { return { html: '<main>rendered</main>', data: {} } }
export function setApiTransport() {}
`
const SCREENS = {
  '/property': { module: 'src/features/property/property-page.tsx', catalogs: [], reads: ['id', 'l'] },
}

const BOUNDARY = '----listingBoundary'
const multipart = (bytes: Buffer, type = 'image/png') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])

const photo = (width = 900, height = 700) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer()

describe.each(databaseKinds())('listings on %s', (kind) => {
  let t: TestApp
  const { post, get } = clientOf(() => t.app)
  let agency: string
  let agencyId: number
  let otherAgency: string
  let otherAgencyId: number
  let admin: string
  let renter: string
  let locationId: string
  let png: Buffer
  let named = 0

  beforeAll(async () => {
    // Kept for a minute: a change shows at once only if it is forgotten.
    t = await startTestApp(kind, {
      properties: 40,
      env: { SEARCH_CACHE_SECONDS: '60', PUBLIC_URL: 'https://haven.example' },
    })
    const dist = t.config.distDir
    mkdirSync(join(dist, 'ssr'), { recursive: true })
    writeFileSync(join(dist, 'index.html'), readFileSync('index.html', 'utf8'))
    writeFileSync(join(dist, 'page-heads.json'), JSON.stringify({ en: {}, fr: {} }))
    writeFileSync(join(dist, 'ssr', 'prerender.js'), STAND_IN)
    writeFileSync(join(dist, 'ssr', 'manifest.json'), '{}')
    writeFileSync(join(dist, 'ssr', 'screens.json'), JSON.stringify(SCREENS))
    await t.app.close()
    const { buildApp } = await import('../app.ts')
    t.app = await buildApp({ config: t.config, database: t.database })

    const { db } = t.database
    agency = await signInCookie(t.app, DEMO_AGENCY.email, DEMO_AGENCY.password, false, 'backend')
    agencyId = (await db.select().from(users).where(eq(users.email, DEMO_AGENCY.email)))[0]!.id
    const [other] = await db
      .select()
      .from(users)
      .where(and(eq(users.type, 'AGENCY'), ne(users.id, agencyId)))
      .limit(1)
    otherAgencyId = other!.id
    otherAgency = await signInCookie(t.app, other!.email, DEMO_AGENCY.password, false, 'backend')
    admin = await signInCookie(t.app, DEMO_ADMIN.email, DEMO_ADMIN.password, false, 'backend')
    renter = await signInCookie(t.app, DEMO_RENTER.email, DEMO_RENTER.password)
    const [anyProperty] = await db.select().from(properties).limit(1)
    locationId = String(anyProperty!.locationId)
    png = await photo()
  })
  afterAll(() => t?.close())

  const upload = (cookie: string | undefined, bytes: Buffer = png, type?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/back-office/property-images',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(cookie ? { cookie } : {}),
      },
      payload: multipart(bytes, type),
      remoteAddress: freshIp(),
    })
  const uploaded = async (cookie: string) => {
    const response = await upload(cookie)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ file: string; small: string; large: string }>()
  }
  /** The list, its filters in the query string. */
  const list = (query: Record<string, string | number>, cookie?: string) =>
    get(
      `/api/back-office/properties?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      cookie,
    )
  const send = (method: 'GET' | 'DELETE', url: string, cookie?: string) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() })

  /** A property's fields that every rule accepts, with a name of its own. */
  const fields = (images: string[], overrides: Record<string, unknown> = {}) => ({
    name: `Harbour loft ${++named} ${kind}`,
    locationId,
    type: 'APARTMENT',
    rentalTerm: 'DAILY',
    price: 120,
    minimumAge: 21,
    address: '3 Quay Street',
    descriptionEn: 'Bright loft by the harbour.',
    descriptionFr: 'Loft lumineux près du port.',
    bedrooms: 2,
    bathrooms: 1,
    kitchens: 1,
    parkingSpaces: 0,
    size: 60,
    aircon: false,
    furnished: true,
    petsAllowed: false,
    available: true,
    soldOut: false,
    hidden: false,
    images,
    cancellation: 0,
    amendments: 25,
    latitude: null,
    longitude: null,
    ...overrides,
  })

  async function created(cookie = agency, overrides: Record<string, unknown> = {}) {
    const { file } = await uploaded(cookie)
    const body = fields([file], overrides)
    const response = await post('/api/back-office/properties', body, cookie)
    expect(response.statusCode, response.body).toBe(200)
    return { ...response.json<{ _id: string; name: string }>(), file }
  }

  /** The search's shared first page (kept for a minute) for part of a name. */
  const searched = async (keyword: string) => {
    const response = await post('/api/properties/search', { keyword })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ items: { _id: string; name: string; soldOut: boolean }[] }>().items
  }
  const pageTitle = async (id: string) =>
    /<title>([^<]*)<\/title>/.exec((await get(`/property?id=${id}`)).body)?.[1]
  const sitemapHas = async (id: string) =>
    (await get('/sitemap-properties-1.xml')).body.includes(`/property?id=${id}<`)

  it('uploads an image checked and resized to the sizes the renter pages show, kept by the storage', async () => {
    const { file, small, large } = await uploaded(agency)
    expect(file).toMatch(/^[a-f0-9]{32}\.webp$/)
    for (const [url, width, height] of [
      [small, 300, 200],
      [large, 1200, 800],
    ] as const) {
      const image = await get(url)
      expect(image.statusCode, url).toBe(200)
      expect(image.headers['content-type']).toBe('image/webp')
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height })
    }
    // The demo's pictures are still served from the data folder beside the uploads.
    const folder = join(t.config.dataDir, 'images', 'properties')
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'house-1.webp'), await sharp(png).webp().toBuffer())
    expect((await get('/images/properties/house-1.webp')).statusCode).toBe(200)
  })

  it('refuses a file that is not an image, or no file, with the upload codes (never a 500)', async () => {
    const fake = await upload(agency, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png')
    expect(fake.statusCode).toBe(400)
    expect(fake.json()).toMatchObject({ error: 'not_an_image' })
    const svg = await upload(agency, Buffer.from('<svg/>'), 'image/svg+xml')
    expect(svg.json()).toMatchObject({ error: 'not_an_image' })
    const none = await post('/api/back-office/property-images', {}, agency)
    expect(none.statusCode).toBe(400)
    expect(none.json()).toMatchObject({ error: 'no_image' })
  })

  it('refuses each broken rule with its code on its field, the English text in the message', async () => {
    const { file } = await uploaded(agency)
    const propertiesBefore = await t.database.db.$count(properties)
    const cases: [Record<string, unknown>, Record<string, string>, string?][] = [
      [{ images: [] }, { images: 'no_image' }, 'images: Please add an image.'],
      [{ descriptionEn: '  ' }, { descriptionEn: 'required' }, 'Please fill in the field: descriptionEn'],
      [{ type: undefined }, { type: 'required' }, 'Please fill in the field: type'],
      [
        { minimumAge: 20 },
        { minimumAge: 'minimum_age_too_low' },
        'minimumAge: The minimum age must be greater than or equal to 21.',
      ],
      [{ cancellation: -2 }, { cancellation: 'option_invalid' }],
      [{ amendments: -0.5 }, { amendments: 'option_invalid' }],
      [{ price: 0 }, { price: 'price_not_positive' }],
      [{ rentalTerm: undefined }, { rentalTerm: 'required' }],
      [{ name: 'Line\u0000break' }, { name: 'invalid_character' }],
    ]
    for (const [overrides, expected, message] of cases) {
      const response = await post('/api/back-office/properties', fields([file], overrides), agency)
      const label = JSON.stringify(overrides)
      expect(response.statusCode, label).toBe(400)
      expect(response.json().fields, label).toEqual(expected)
      if (message) expect(response.json().message, label).toBe(message)
    }
    // Rules the database decides: a location, the images' owner.
    const nowhere = await post(
      '/api/back-office/properties',
      fields([file], { locationId: '999999999' }),
      agency,
    )
    expect(nowhere.statusCode).toBe(400)
    expect(nowhere.json().fields).toEqual({ locationId: 'invalid' })
    const theirs = await uploaded(otherAgency)
    const stolen = await post('/api/back-office/properties', fields([file, theirs.file]), agency)
    expect(stolen.statusCode).toBe(400)
    expect(stolen.json().fields).toEqual({ 'images.1': 'invalid' })
    const made = await post('/api/back-office/properties', fields(['house-1.webp']), agency)
    expect(made.json().fields).toEqual({ 'images.0': 'invalid' })
    // An administrator names the agency, which must be one.
    const noAgency = await post('/api/back-office/properties', fields([(await uploaded(admin)).file]), admin)
    expect(noAgency.statusCode).toBe(400)
    expect(noAgency.json().fields).toEqual({ agencyId: 'required' })
    // Nothing was written, and the refused upload is still the agency's to use.
    expect(await t.database.db.$count(properties)).toBe(propertiesBefore)
    expect(await t.database.db.$count(propertyUploads, eq(propertyUploads.file, file))).toBe(1)
  })

  it('creates a property that search, its page and the sitemap show at once', async () => {
    const name = `Harbour loft ${named + 1} ${kind}`
    expect(await searched(name)).toEqual([])
    const property = await created()
    expect(property.name).toBe(name)
    expect((await searched(name)).map((item) => item._id)).toEqual([property._id])
    expect(await pageTitle(property._id)).toContain(name)
    expect(await sitemapHas(property._id)).toBe(true)
    const read = await get(`/api/property/${property._id}/fr`)
    expect(read.json()).toMatchObject({
      description: 'Loft lumineux près du port.',
      cancellation: 0,
      amendments: 25,
    })
    // The upload is the property's now: no longer an unused one to sweep.
    expect(await t.database.db.$count(propertyUploads, eq(propertyUploads.file, property.file))).toBe(0)
  })

  it('edits a property: the new name shows at once in search and on the rendered page; a dropped image is deleted', async () => {
    const property = await created()
    const second = await uploaded(agency)
    expect(await pageTitle(property._id)).toContain(property.name)
    expect((await searched(property.name)).length).toBe(1)
    const renamed = `${property.name} renamed`
    const edited = await post(
      `/api/back-office/properties/${property._id}`,
      fields([second.file], { name: renamed }),
      agency,
    )
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().images.map((image: { file: string }) => image.file)).toEqual([second.file])
    expect(await pageTitle(property._id)).toContain(renamed)
    expect((await searched(property.name)).map((item) => item.name)).toEqual([renamed])
    expect((await get(`/images/properties/${property.file}`)).statusCode).toBe(404)
    expect((await get(`/images/properties/large/${property.file}`)).statusCode).toBe(404)
    expect((await get(`/images/properties/${second.file}`)).statusCode).toBe(200)
  })

  it('reads a property for its form, and lists the agency’s own by name, paged', async () => {
    const property = await created()
    const read = await send('GET', `/api/back-office/properties/${property._id}`, agency)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({
      _id: property._id,
      descriptionEn: 'Bright loft by the harbour.',
      descriptionFr: 'Loft lumineux près du port.',
      agency: { _id: String(agencyId), name: DEMO_AGENCY.name },
      booked: false,
    })
    const own = await list({ size: 100 }, agency)
    expect(own.statusCode, own.body).toBe(200)
    const page = own.json<{ items: { agency: { _id: string } }[]; total: number }>()
    expect(page.total).toBe(await t.database.db.$count(properties, eq(properties.agencyId, agencyId)))
    expect(page.items.every((item) => item.agency._id === String(agencyId))).toBe(true)
    // An agency asking for another's gets its own all the same.
    const asked = await list({ agencyId: String(otherAgencyId), size: 100 }, agency)
    expect(asked.json().total).toBe(page.total)
    const byName = await list({ keyword: property.name.toUpperCase() }, agency)
    expect(byName.json().items.map((item: { _id: string }) => item._id)).toEqual([property._id])
    const second = await list({ size: 2, page: 2 }, agency)
    expect(second.json()).toMatchObject({ page: 2, size: 2, total: page.total })
    expect(second.json().items).toHaveLength(2)
    // An administrator sees every agency's, or one's.
    const all = await list({ size: 1 }, admin)
    expect(all.json().total).toBe(await t.database.db.$count(properties))
    const theirs = await list({ agencyId: String(otherAgencyId), size: 1 }, admin)
    expect(theirs.json().total).toBe(
      await t.database.db.$count(properties, eq(properties.agencyId, otherAgencyId)),
    )
  })

  it('sorts the list by name or by price, either way, and refuses an order it does not know', async () => {
    const cheap = await created(agency, { name: `Sorted b ${kind}`, price: 50 })
    const dear = await created(agency, { name: `Sorted a ${kind}`, price: 500 })
    const order = async (sort: string) => {
      const response = await list({ sort, keyword: `Sorted`, size: 100 }, agency)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<{ items: { _id: string }[] }>().items.map((item) => item._id)
    }
    expect(await order('newest')).toEqual([dear._id, cheap._id])
    expect(await order('name')).toEqual([dear._id, cheap._id])
    expect(await order('priceAsc')).toEqual([cheap._id, dear._id])
    expect(await order('priceDesc')).toEqual([dear._id, cheap._id])
    // Newest first still, reversed: not the insertion order by chance.
    const renamed = await post(
      `/api/back-office/properties/${dear._id}`,
      fields([dear.file], { name: `Sorted c ${kind}`, price: 500 }),
      agency,
    )
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(await order('name')).toEqual([cheap._id, dear._id])
    expect((await list({ sort: 'cheapest' }, agency)).statusCode).toBe(400)
  })

  it('lets an administrator create a property for the agency chosen', async () => {
    const property = await created(admin, { agencyId: String(otherAgencyId) })
    const [row] = await t.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, Number(property._id)))
    expect(row!.agencyId).toBe(otherAgencyId)
  })

  it('hides a booked property: it leaves search, its page and the sitemap; its renter still reads the booking', async () => {
    const { db } = t.database
    const property = await bookableProperty(db, {})
    const booker = await freshRenter(t)
    const booked = await post('/api/checkout', checkoutBody(property), booker.cookie)
    expect(booked.statusCode, booked.body).toBe(200)
    const bookingId = booked.json().bookingId as string
    const id = String(property.id)
    const owner = await signInCookie(
      t.app,
      (await db.select().from(users).where(eq(users.id, property.agencyId)))[0]!.email,
      DEMO_AGENCY.password,
      false,
      'backend',
    )
    expect((await searched(property.name)).map((item) => item._id)).toContain(id)
    expect(await pageTitle(id)).toContain(property.name)
    expect(await sitemapHas(id)).toBe(true)

    const hidden = await post(`/api/back-office/properties/${id}/flags`, { hidden: true }, owner)
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json()).toMatchObject({ hidden: true, booked: true })
    expect((await searched(property.name)).map((item) => item._id)).not.toContain(id)
    expect(await pageTitle(id)).not.toContain(property.name)
    expect((await get(`/property?id=${id}`)).headers['x-robots-tag']).toBe('noindex')
    expect(await sitemapHas(id)).toBe(false)
    expect((await get(`/api/property/${id}/en`)).statusCode).toBe(404)
    const booking = await get(`/api/booking/${bookingId}/en`, booker.cookie)
    expect(booking.statusCode, booking.body).toBe(200)
    expect(booking.body).toContain(property.name)

    // A booked property is not deleted, and the answer says why; it stays hidden.
    const refused = await send('DELETE', `/api/back-office/properties/${id}`, owner)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: 'property_booked',
      message: 'This property has bookings, so it cannot be deleted: hide it instead.',
    })
    expect(await db.$count(properties, eq(properties.id, property.id))).toBe(1)
    expect(await db.$count(bookings, eq(bookings.id, Number(bookingId)))).toBe(1)

    const shown = await post(`/api/back-office/properties/${id}/flags`, { hidden: false }, owner)
    expect(shown.json()).toMatchObject({ hidden: false })
    expect((await searched(property.name)).map((item) => item._id)).toContain(id)
    expect(await sitemapHas(id)).toBe(true)
  })

  it('marks a property sold out and available again, which search shows at once', async () => {
    const property = await created()
    expect((await searched(property.name))[0]?.soldOut).toBe(false)
    const soldOut = await post(`/api/back-office/properties/${property._id}/flags`, { soldOut: true }, agency)
    expect(soldOut.json()).toMatchObject({ soldOut: true, hidden: false, available: true })
    expect((await searched(property.name))[0]?.soldOut).toBe(true)
    await post(`/api/back-office/properties/${property._id}/flags`, { soldOut: false }, agency)
    expect((await searched(property.name))[0]?.soldOut).toBe(false)
  })

  it('deletes a property no booking names, with its image files; it leaves search at once', async () => {
    const property = await created()
    expect((await searched(property.name)).length).toBe(1)
    const deleted = await send('DELETE', `/api/back-office/properties/${property._id}`, agency)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await searched(property.name)).toEqual([])
    expect((await get(`/images/properties/${property.file}`)).statusCode).toBe(404)
    expect((await send('GET', `/api/back-office/properties/${property._id}`, agency)).statusCode).toBe(404)
  })

  it("refuses another agency's property (403), a renter (403) and a visitor (401) on every call, changing nothing", async () => {
    const property = await created()
    const { file } = await uploaded(agency)
    const { db } = t.database
    const before = await db
      .select()
      .from(properties)
      .where(eq(properties.id, Number(property._id)))
    const id = property._id
    const calls = [
      () => send('GET', `/api/back-office/properties/${id}`, cookie),
      () => post(`/api/back-office/properties/${id}`, fields([file], { name: 'Taken over' }), cookie),
      () => post(`/api/back-office/properties/${id}/flags`, { hidden: true, soldOut: true }, cookie),
      () => send('DELETE', `/api/back-office/properties/${id}`, cookie),
    ]
    let cookie: string | undefined
    for (const [who, session, status] of [
      ['another agency', otherAgency, 403],
      ['a renter', renter, 403],
      ['a visitor', undefined, 401],
    ] as const) {
      cookie = session
      for (const call of calls) {
        const response = await call()
        expect(response.statusCode, `${who}: ${response.body}`).toBe(status)
        expect(response.body, who).not.toContain(property.name)
      }
    }
    // The calls that name no property: the back office's alone.
    for (const [who, session, status] of [
      ['a renter', renter, 403],
      ['a visitor', undefined, 401],
    ] as const) {
      expect((await list({}, session)).statusCode, who).toBe(status)
      expect((await post('/api/back-office/properties', fields([file]), session)).statusCode, who).toBe(
        status,
      )
      expect((await upload(session)).statusCode, who).toBe(status)
    }
    // An agency cannot make a property another agency's, nor move its own to one.
    const forOther = await post(
      '/api/back-office/properties',
      fields([file], { agencyId: String(otherAgencyId) }),
      agency,
    )
    expect(forOther.statusCode).toBe(403)
    const moved = await post(
      `/api/back-office/properties/${id}`,
      fields([property.file], { agencyId: String(otherAgencyId) }),
      agency,
    )
    expect(moved.statusCode).toBe(403)
    expect(
      await db
        .select()
        .from(properties)
        .where(eq(properties.id, Number(id))),
    ).toEqual(before)
    expect(await db.$count(propertyUploads, eq(propertyUploads.file, file))).toBe(1)
    // The owner's same calls work: the refusals were about who asked.
    expect((await send('GET', `/api/back-office/properties/${id}`, agency)).statusCode).toBe(200)
    expect((await send('GET', `/api/back-office/properties/${id}`, admin)).statusCode).toBe(200)
  })

  it('sweeps the uploads no property took within a day, files included', async () => {
    const unused = await uploaded(agency)
    const kept = await created()
    const now = new Date(Date.now() + UNUSED_UPLOAD_MS + 60_000)
    expect(await sweepUnusedUploads(t.app.ctx, now)).toBeGreaterThanOrEqual(1)
    expect((await get(unused.small)).statusCode).toBe(404)
    expect((await get(unused.large)).statusCode).toBe(404)
    expect((await get(`/images/properties/${kept.file}`)).statusCode).toBe(200)
  })
})
