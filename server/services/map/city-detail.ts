// What Haven's own basemap shows at city zoom, around each place of the demo world (server/db/seed/data.ts),
// so a property's map says where it is without a tile provider and offline:
//   - places: each city and district as a point with its English and French names (the client writes the
//     labels as HTML, so the style needs no glyphs);
//   - coasts: Natural Earth's 1:10m land clipped to a box around each city (the 1:50m world of the countries
//     is a kilometre off at street level: a seaside flat would float in the sea);
// Nothing else: the demo world has no surveyed streets, and the map shows none rather than invented ones
// (docs/product.md §10 says so on the map itself).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

import topojson from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

import { COUNTRIES } from '../../db/seed/data.ts'

const LAND_FILE = 'world-atlas/land-10m.json'

/**
 * What the detail is made from, without making it (which takes seconds): this file's code, the demo
 * world's places and the land's package version. The basemap's version hashes it in.
 */
export async function cityDetailCode(): Promise<string> {
  const require = createRequire(import.meta.url)
  const [code, atlas] = await Promise.all([
    readFile(fileURLToPath(import.meta.url), 'utf8'),
    readFile(require.resolve('world-atlas/package.json'), 'utf8'),
  ])
  return `${code}\n${JSON.stringify(COUNTRIES)}\n${(JSON.parse(atlas) as { version: string }).version}`
}

/** Half the size of the detailed box around a city, in degrees: wider than the map at property zoom. */
const BOX_HALF_LATITUDE = 0.6
/** Four decimals are about ten metres: finer than 1:10m itself. */
const DECIMALS = 4

type Position = [number, number]
type Ring = Position[]

type CityDetailKind = 'area' | 'land'

interface SeededPlace {
  en: string
  fr: string
  latitude: number
  longitude: number
  /** A district lies in a city (Le Marais in Paris): labelled only closer in. */
  kind: 'city' | 'district'
}

const SEEDED_PLACES: SeededPlace[] = COUNTRIES.flatMap((country) =>
  country.locations.map((location) => ({
    en: location.en,
    fr: location.fr,
    latitude: location.latitude,
    longitude: location.longitude,
    kind: location.parent ? ('district' as const) : ('city' as const),
  })),
)

/** The places as GeoJSON points, `{ en, fr, kind }` each: small enough to sit in the style itself. */
export function placesCollection(): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: SEEDED_PLACES.map(({ en, fr, kind, latitude, longitude }) => ({
      type: 'Feature',
      properties: { en, fr, kind },
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
    })),
  }
}

const round = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS

interface Box {
  west: number
  south: number
  east: number
  north: number
}

function boxAround(latitude: number, longitude: number): Box {
  const halfLongitude = BOX_HALF_LATITUDE / Math.cos((latitude * Math.PI) / 180)
  return {
    west: longitude - halfLongitude,
    east: longitude + halfLongitude,
    south: latitude - BOX_HALF_LATITUDE,
    north: latitude + BOX_HALF_LATITUDE,
  }
}

/** Sutherland–Hodgman: the part of a ring inside the box (a ring outside it comes back empty). */
function clipRing(ring: Ring, box: Box): Ring {
  const edges: { inside: (p: Position) => boolean; cross: (a: Position, b: Position) => Position }[] = [
    { inside: (p) => p[0] >= box.west, cross: (a, b) => atLongitude(a, b, box.west) },
    { inside: (p) => p[0] <= box.east, cross: (a, b) => atLongitude(a, b, box.east) },
    { inside: (p) => p[1] >= box.south, cross: (a, b) => atLatitude(a, b, box.south) },
    { inside: (p) => p[1] <= box.north, cross: (a, b) => atLatitude(a, b, box.north) },
  ]
  let points = ring
  for (const edge of edges) {
    const input = points
    points = []
    for (let index = 0; index < input.length; index += 1) {
      const current = input[index] as Position
      const previous = input[(index + input.length - 1) % input.length] as Position
      if (edge.inside(current)) {
        if (!edge.inside(previous)) points.push(edge.cross(previous, current))
        points.push(current)
      } else if (edge.inside(previous)) {
        points.push(edge.cross(previous, current))
      }
    }
    if (points.length === 0) break
  }
  const rounded: Ring = []
  for (const [x, y] of points) {
    const point: Position = [round(x), round(y)]
    const last = rounded.at(-1)
    if (!last || last[0] !== point[0] || last[1] !== point[1]) rounded.push(point)
  }
  if (rounded.length < 3) return []
  const first = rounded[0] as Position
  const last = rounded.at(-1) as Position
  if (first[0] !== last[0] || first[1] !== last[1]) rounded.push(first)
  return rounded.length >= 4 ? rounded : []
}

function atLongitude(a: Position, b: Position, longitude: number): Position {
  const share = (longitude - a[0]) / (b[0] - a[0])
  return [longitude, a[1] + share * (b[1] - a[1])]
}

function atLatitude(a: Position, b: Position, latitude: number): Position {
  const share = (latitude - a[1]) / (b[1] - a[1])
  return [a[0] + share * (b[0] - a[0]), latitude]
}

const boundsCache = new WeakMap<Ring, Box>()

function boundsOf(ring: Ring): Box {
  let bounds = boundsCache.get(ring)
  if (!bounds) {
    bounds = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity }
    for (const [x, y] of ring) {
      bounds.west = Math.min(bounds.west, x)
      bounds.east = Math.max(bounds.east, x)
      bounds.south = Math.min(bounds.south, y)
      bounds.north = Math.max(bounds.north, y)
    }
    boundsCache.set(ring, bounds)
  }
  return bounds
}

const overlaps = (a: Box, b: Box) =>
  a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north

async function loadLandPolygons(): Promise<Ring[][]> {
  const require = createRequire(import.meta.url)
  const topology = JSON.parse(await readFile(require.resolve(LAND_FILE), 'utf8')) as Topology<{
    land: GeometryCollection
  }>
  const polygons: Ring[][] = []
  for (const { geometry } of topojson.feature(topology, topology.objects.land).features) {
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates as Ring[])
    else if (geometry.type === 'MultiPolygon') polygons.push(...(geometry.coordinates as Ring[][]))
  }
  return polygons
}

function boxRing(box: Box): Ring {
  const { west, south, east, north } = box
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ].map(([x = 0, y = 0]) => [round(x), round(y)] as Position)
}

/** The detailed land around every city, and the box it fills, one feature per kind and city. */
export async function loadCityDetail(): Promise<GeoJSON.FeatureCollection> {
  const polygons = await loadLandPolygons()
  const features: GeoJSON.Feature[] = []
  const feature = (kind: CityDetailKind, coordinates: Ring[][]): GeoJSON.Feature => ({
    type: 'Feature',
    properties: { kind },
    geometry: { type: 'MultiPolygon', coordinates },
  })
  const cities = SEEDED_PLACES.filter((place) => place.kind === 'city')
  for (const city of cities) {
    const box = boxAround(city.latitude, city.longitude)
    const land: Ring[][] = []
    for (const polygon of polygons) {
      if (!overlaps(boundsOf(polygon[0] ?? []), box)) continue
      const clipped = polygon.map((ring) => clipRing(ring, box)).filter((ring) => ring.length > 0)
      // A hole without its outer ring would be drawn as land.
      if (clipped.length > 0 && clipRing(polygon[0] ?? [], box).length > 0) land.push(clipped)
    }
    features.push(feature('area', [[boxRing(box)]]), feature('land', land))
  }
  return { type: 'FeatureCollection', features }
}
