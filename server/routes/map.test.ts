import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import type { StyleSpecification } from 'maplibre-gl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { mapConfigSchema } from '../../src/contract/map.ts'
import { BASEMAP_COLORS, CITY_DETAIL_METADATA } from '../services/map/basemap.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'

/** Even–odd over a polygon's rings: a point in a hole (a lake) is outside. */
function inside([x, y]: [number, number], rings: GeoJSON.Position[][]): boolean {
  let within = false
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const [xi = 0, yi = 0] = ring[i]!
      const [xj = 0, yj = 0] = ring[j]!
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within
    }
  }
  return within
}

const PROVIDER_STYLE = 'https://tiles.example/styles/streets/style.json?key=k-1'

describe.each(databaseKinds())('map routes on %s', (kind) => {
  let own: TestApp
  let provider: TestApp
  beforeAll(async () => {
    own = await startTestApp(kind, { properties: 5 })
    provider = await startTestApp(kind, { properties: 5, env: { MAP_STYLE_URL: PROVIDER_STYLE } })
  }, 60_000)
  afterAll(async () => {
    await own?.close()
    await provider?.close()
  })

  it("GET /api/map-config names Haven's own style, versioned, by default", async () => {
    const response = await own.app.inject({ method: 'GET', url: '/api/map-config' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    const config = mapConfigSchema.parse(response.json())
    expect(config).toEqual({
      styleUrl: expect.stringMatching(/^\/map\/style\.json\?v=[\w-]{12}$/),
      selfHosted: true,
    })
  })

  it('serves a style of our own: sea, land and borders in the brand colours, no glyphs or sprites', async () => {
    const { styleUrl } = mapConfigSchema.parse((await own.app.inject({ url: '/api/map-config' })).json())
    const response = await own.app.inject({ method: 'GET', url: styleUrl })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('public, max-age=2592000, immutable')
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/)
    const style = response.json<StyleSpecification>()
    expect(style.version).toBe(8)
    expect(style).not.toHaveProperty('glyphs')
    expect(style).not.toHaveProperty('sprite')
    expect(style.sources.countries).toMatchObject({
      type: 'geojson',
      data: expect.stringMatching(/^\/map\/countries\.geojson\?v=/),
    })
    expect(style.layers.map((layer) => [layer.id, layer.type])).toEqual([
      ['sea', 'background'],
      ['land', 'fill'],
      ['city-sea', 'fill'],
      ['city-land', 'fill'],
      ['borders', 'line'],
      ['places', 'circle'],
    ])
    // Nothing that is not true: no street, block or park the data does not have, nor credits naming one.
    expect(style.layers.filter((layer) => /street|road|block|park/i.test(layer.id))).toEqual([])
    expect(JSON.stringify(style)).not.toMatch(/schematic|street/i)
    expect(style.layers[0]).toMatchObject({ paint: { 'background-color': BASEMAP_COLORS.sea } })
    expect(style.layers[1]).toMatchObject({ paint: { 'fill-color': BASEMAP_COLORS.land } })

    // The unversioned URL works too, kept for an hour only; the ETag answers a revalidation.
    const plain = await own.app.inject({ method: 'GET', url: '/map/style.json' })
    expect(plain.headers['cache-control']).toBe('public, max-age=3600')
    expect(plain.json()).toEqual(style)
    const again = await own.app.inject({
      method: 'GET',
      url: '/map/style.json',
      headers: { 'if-none-match': String(plain.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('serves the countries as GeoJSON, compressed as asked, with a long cache and an ETag', async () => {
    const style = (await own.app.inject({ url: '/map/style.json' })).json<StyleSpecification>()
    const source = style.sources.countries
    const url = source?.type === 'geojson' && typeof source.data === 'string' ? source.data : ''

    const plain = await own.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-type']).toBe('application/geo+json')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('public, max-age=2592000, immutable')
    expect(plain.headers.vary).toBe('accept-encoding')
    const countries = plain.json<GeoJSON.FeatureCollection>()
    expect(countries.type).toBe('FeatureCollection')
    expect(countries.features.length).toBeGreaterThan(200)
    const names = countries.features.map((feature) => feature.properties?.name)
    expect(names).toEqual(expect.arrayContaining(['United States of America', 'France', 'Australia']))
    for (const feature of countries.features)
      expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type)
    // No ring leaps across the antimeridian (a line across the whole map), except Antarctica's along the pole.
    const leaps = countries.features.flatMap((feature) => {
      const geometry = feature.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon
      const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat()
      return rings.flatMap((ring) =>
        ring.slice(1).flatMap((point, index) => {
          const previous = ring[index]!
          const leap = Math.abs(point[0]! - previous[0]!) > 180 && Math.abs(point[1]!) < 80
          return leap ? [feature.properties?.name as string] : []
        }),
      )
    })
    expect(leaps).toEqual([])

    const gzipped = await own.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate' },
    })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(countries)
    const brotli = await own.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.rawPayload.length).toBeLessThan(gzipped.rawPayload.length)
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(countries)
    expect(new Set([plain.headers.etag, gzipped.headers.etag, brotli.headers.etag]).size).toBe(3)

    const revalidated = await own.app.inject({
      method: 'GET',
      url: '/map/countries.geojson',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    const changed = await own.app.inject({
      method: 'GET',
      url: '/map/countries.geojson',
      headers: { 'if-none-match': '"something-else"' },
    })
    expect(changed.statusCode).toBe(200)
  })

  it("names the demo world's places in both languages and serves the detail around its cities", async () => {
    const style = (await own.app.inject({ url: '/map/style.json' })).json<StyleSpecification>()
    const places = style.sources.places
    expect(places?.type).toBe('geojson')
    const collection = (places as { data: GeoJSON.FeatureCollection<GeoJSON.Point> }).data
    const named = collection.features.map((feature) => feature.properties)
    expect(named).toEqual(
      expect.arrayContaining([
        { en: 'London', fr: 'Londres', kind: 'city' },
        { en: 'Le Marais', fr: 'Le Marais', kind: 'district' },
      ]),
    )
    const lyon = collection.features.find((feature) => feature.properties?.en === 'Lyon')
    expect(lyon?.geometry.coordinates).toEqual([4.8357, 45.764])

    // The detail comes after the first draw: the style names where, and its source starts empty.
    expect(style.sources['city-detail']).toMatchObject({ type: 'geojson', data: { features: [] } })
    const url = String((style.metadata as Record<string, unknown>)[CITY_DETAIL_METADATA])
    expect(url).toMatch(/^\/map\/city-detail\.geojson\?v=/)
    const response = await own.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/geo+json')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers['cache-control']).toBe('public, max-age=2592000, immutable')
    // What every map that draws Haven's own basemap downloads once: kept small.
    expect(response.rawPayload.length).toBeLessThan(120 * 1024)
    const detail = JSON.parse(
      gunzipSync(response.rawPayload).toString(),
    ) as GeoJSON.FeatureCollection<GeoJSON.MultiPolygon>
    // Real shapes only: each city's box and its 1:10m land, never an invented street grid.
    const kinds = new Set(detail.features.map((feature) => feature.properties?.kind))
    expect(kinds).toEqual(new Set(['area', 'land']))
    // The coast is the surveyed one: Nice's old town (43.697, 7.276) on land, the bay off it (43.68, 7.26) not.
    const land = detail.features.filter((feature) => feature.properties?.kind === 'land')
    const onLand = ([x, y]: [number, number]) =>
      land.some((feature) => feature.geometry.coordinates.some((polygon) => inside([x, y], polygon)))
    expect(onLand([7.276, 43.697])).toBe(true)
    expect(onLand([7.26, 43.68])).toBe(false)
  })

  it('with MAP_STYLE_URL, names the provider and redirects the style to it', async () => {
    const config = await provider.app.inject({ method: 'GET', url: '/api/map-config' })
    expect(config.json()).toEqual({ styleUrl: PROVIDER_STYLE, selfHosted: false })
    const style = await provider.app.inject({ method: 'GET', url: '/map/style.json' })
    expect(style.statusCode).toBe(302)
    expect(style.headers.location).toBe(PROVIDER_STYLE)
    expect(style.headers['cache-control']).toBe('no-cache')
  })

  it('answers the one error shape for what it does not serve', async () => {
    const unknown = await own.app.inject({ method: 'GET', url: '/map/tiles/1/2/3.pbf' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ error: 'not_found' })
    const post = await own.app.inject({ method: 'POST', url: '/api/map-config' })
    expect(post.statusCode).toBe(404)
  })
})
