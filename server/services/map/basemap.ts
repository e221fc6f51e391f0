// Haven's own basemap: the world's countries from the `world-atlas` package, converted from TopoJSON to
// GeoJSON once, compressed once and kept in memory, the detail around the demo world's cities
// (city-detail.ts), and a MapLibre style of our own that draws them in the brand's colours. No tiles, glyphs
// or sprites: it works offline once the service worker has it.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

import type { StyleSpecification } from 'maplibre-gl'
import topojson from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

import { cityDetailCode, loadCityDetail, placesCollection } from './city-detail.ts'

/**
 * 1:50m is sharp enough at the default zoom (5, docs/product.md §10); 1:10m's file is 4.8 times larger
 * (3.66 MB).
 */
const ATLAS_FILE = 'world-atlas/countries-50m.json'
/**
 * Two decimals are about a kilometre, finer than 1:50m's own precision: the GeoJSON weighs 421 KB gzip
 * instead of 1347 KB at full precision (measured 2026-11-23).
 */
const COORDINATE_DECIMALS = 2

/** Colours of src/ui/theme.ts: petrol teal water and borders, warm sand land. */
export const BASEMAP_COLORS = {
  sea: '#c9e9ee',
  land: '#fdeacb',
  border: '#0e4f5c',
  place: '#0e4f5c',
} as const

/** From this zoom the city boxes' 1:10m coasts replace the 1:50m land. */
const CITY_DETAIL_MIN_ZOOM = 7

export interface EncodedBody {
  identity: Buffer
  gzip: Buffer
  br: Buffer
  /** Strong validator of the identity body (the compressed ones carry the same, weakened). */
  etag: string
}

export interface Basemap {
  countries: EncodedBody
  /**
   * Changes whenever the data, the style or the city detail's code does: versions the URLs the service
   * worker caches first.
   */
  version: string
}

type Position = number[]
type Ring = Position[]

function roundRing(ring: Ring): Ring {
  const factor = 10 ** COORDINATE_DECIMALS
  const out: Ring = []
  for (const [x = 0, y = 0] of ring) {
    const point = [Math.round(x * factor) / factor, Math.round(y * factor) / factor]
    const last = out.at(-1)
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point)
  }
  return out
}

/**
 * A ring that crosses the antimeridian (Russia's Chukotka, Fiji) jumps from 180° to −180° and would draw a
 * line across the whole world: its western points move past 180° instead (MapLibre draws beyond ±180°).
 * Antarctica's jumps run along the pole, off the map, and close its ring: they stay.
 */
function unwrapRing(ring: Ring): Ring {
  const crossesAway = ring.some((point, index) => {
    const previous = ring[index - 1]
    return (
      previous !== undefined &&
      Math.abs((point[0] ?? 0) - (previous[0] ?? 0)) > 180 &&
      Math.abs(point[1] ?? 0) < 80
    )
  })
  return crossesAway ? ring.map(([x = 0, y = 0]) => [x < 0 ? x + 360 : x, y]) : ring
}

const tidyRing = (ring: Ring): Ring => unwrapRing(roundRing(ring))

/** The countries as a GeoJSON FeatureCollection, `{ name }` per feature, coordinates rounded. */
export async function loadCountries(): Promise<GeoJSON.FeatureCollection> {
  const require = createRequire(import.meta.url)
  const topology = JSON.parse(await readFile(require.resolve(ATLAS_FILE), 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>
  }>
  const collection = topojson.feature(topology, topology.objects.countries)
  for (const country of collection.features) {
    const geometry = country.geometry
    if (geometry.type === 'Polygon') geometry.coordinates = geometry.coordinates.map(tidyRing)
    else if (geometry.type === 'MultiPolygon') {
      geometry.coordinates = geometry.coordinates.map((polygon) => polygon.map(tidyRing))
    }
    country.properties = { name: country.properties?.name ?? '' }
  }
  return collection
}

/** The body in the three encodings a browser may ask for, compressed once. */
export async function encodeBody(text: string): Promise<EncodedBody> {
  const identity = Buffer.from(text)
  const [gzipped, brotli] = await Promise.all([
    promisify(gzip)(identity, { level: 9 }),
    promisify(brotliCompress)(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ])
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22)
  return { identity, gzip: gzipped, br: brotli, etag: `"${hash}"` }
}

/**
 * Where the style tells the client to fetch the city detail from, once the map has drawn: building it takes
 * seconds and its data a moment more to parse, and the first draw (a world map, most often) needs none of it.
 */
export const CITY_DETAIL_METADATA = 'haven:city-detail'

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] }

const ofKind = (kind: string) => ['==', ['get', 'kind'], kind] as ['==', ['get', string], string]

/**
 * The MapLibre style: sea as the background, land filled, borders (and coasts) as lines; closer in, around
 * each city, its detailed coast, and a dot per place. No streets: the data has none to draw. The places' names are HTML labels
 * the client writes from the `places` source (in the page's language), so there are no glyphs or sprites
 * to fetch.
 */
export function basemapStyle(countriesUrl: string, cityDetailUrl: string): StyleSpecification {
  return {
    version: 8,
    name: 'Haven',
    metadata: { [CITY_DETAIL_METADATA]: cityDetailUrl },
    sources: {
      countries: {
        type: 'geojson',
        data: countriesUrl,
        attribution: 'Natural Earth, via world-atlas',
        // Fewer vertices at low zooms: the whole world stays smooth on a phone.
        tolerance: 0.5,
      },
      'city-detail': {
        type: 'geojson',
        data: EMPTY,
        attribution: 'Natural Earth, via world-atlas',
      },
      places: { type: 'geojson', data: placesCollection() },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': BASEMAP_COLORS.sea } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': BASEMAP_COLORS.land } },
      // Inside each city's box the 1:50m land is painted over with sea, then the 1:10m land on it.
      {
        id: 'city-sea',
        type: 'fill',
        source: 'city-detail',
        minzoom: CITY_DETAIL_MIN_ZOOM,
        filter: ofKind('area'),
        paint: { 'fill-color': BASEMAP_COLORS.sea, 'fill-antialias': false },
      },
      {
        id: 'city-land',
        type: 'fill',
        source: 'city-detail',
        minzoom: CITY_DETAIL_MIN_ZOOM,
        filter: ofKind('land'),
        paint: { 'fill-color': BASEMAP_COLORS.land, 'fill-antialias': false },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: {
          'line-color': BASEMAP_COLORS.border,
          // The 1:50m lines stray from the 1:10m coasts at city zoom: they fade out there.
          'line-opacity': ['interpolate', ['linear'], ['zoom'], CITY_DETAIL_MIN_ZOOM, 0.45, 9, 0],
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 6, 1.2],
        },
      },
      {
        id: 'places',
        type: 'circle',
        source: 'places',
        minzoom: CITY_DETAIL_MIN_ZOOM - 1,
        filter: ofKind('city'),
        paint: {
          'circle-color': BASEMAP_COLORS.place,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], CITY_DETAIL_MIN_ZOOM - 1, 2, 10, 4],
          'circle-opacity': ['interpolate', ['linear'], ['zoom'], 10, 0.8, 12, 0],
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
          'circle-stroke-opacity': ['interpolate', ['linear'], ['zoom'], 10, 1, 12, 0],
        },
      },
    ],
  }
}

/** Builds once; later calls share the same promise (a failure is tried again next time). */
function once<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    pending ??= build()
    pending.catch(() => {
      pending = undefined
    })
    return pending
  }
}

/** Builds the basemap once: the countries and the version of every URL under /map/. */
export function basemapLoader(): () => Promise<Basemap> {
  return once(async () => {
    const [countries, detailCode] = await Promise.all([
      loadCountries().then((collection) => encodeBody(JSON.stringify(collection))),
      cityDetailCode(),
    ])
    const version = createHash('sha256')
      .update(countries.etag)
      .update(detailCode)
      .update(JSON.stringify(basemapStyle('', '')))
      .digest('base64url')
      .slice(0, 12)
    return { countries, version }
  })
}

/** One per process: every app built in it (tests build many) serves the same bytes. */
export const loadBasemap = basemapLoader()

/** The city detail, built apart from the rest: a style or a world map never waits for it. */
export const loadCityDetailBody = once(async () => encodeBody(JSON.stringify(await loadCityDetail())))
