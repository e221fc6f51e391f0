// Where the map looks: decided once when it is made (the given centre, else every marker fitted, else
// docs/product.md §10's default), then moved only by the reader, by a cluster zooming in on its pins, and
// once to bring the place nearest a lone property into view.
import { LngLatBounds, type Map as MaplibreGlMap, type MapOptions } from 'maplibre-gl'

import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@/domain/constants'

import type { MapView } from './map-view.ts'

/**
 * Closest zoom when fitting markers (one marker alone, say): its neighbourhood on Haven's own basemap, whose
 * detailed coasts around its cities (server/services/map/city-detail.ts) hold there; its town on a tile
 * provider's.
 */
export const FIT_MAX_ZOOM = { own: 13, provider: 12 } as const

const FIT_PADDING = 48
/** A pin with its price on it is centred on its place and wider than tall: the sides keep room for half. */
const FIT_PADDING_LABELLED = { top: FIT_PADDING, bottom: FIT_PADDING, left: 80, right: 80 }

interface Point {
  latitude: number
  longitude: number
}

/** The map's first view, as MapLibre's options. */
export function initialCamera({ markers, center, zoom }: MapView, fitMaxZoom: number): Partial<MapOptions> {
  if (center) return { center: [center.longitude, center.latitude], zoom: zoom ?? MAP_DEFAULT_ZOOM }
  if (markers?.length) {
    const bounds = new LngLatBounds()
    for (const marker of markers) bounds.extend([marker.longitude, marker.latitude])
    const padding = markers.some((marker) => marker.label) ? FIT_PADDING_LABELLED : FIT_PADDING
    return { bounds, fitBoundsOptions: { padding, maxZoom: zoom ?? fitMaxZoom } }
  }
  return {
    center: [MAP_DEFAULT_CENTER.longitude, MAP_DEFAULT_CENTER.latitude],
    zoom: zoom ?? MAP_DEFAULT_ZOOM,
  }
}

/** Brings `bounds` into view, as close as the map goes. */
export function zoomInOn(map: MaplibreGlMap, bounds: LngLatBounds): void {
  map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: map.getMaxZoom() })
}

/**
 * A map fitted to one marker (a property) also takes in the nearest place, so the reader knows where it is:
 * it zooms out until that place shows, at once, never in.
 */
export function showNearestPlace(map: MaplibreGlMap, marker: Point, places: Point[]): void {
  const nearest = nearestPlace(marker, places)
  if (!nearest || map.getBounds().contains([nearest.longitude, nearest.latitude])) return
  // The place and its mirror image across the pin: the map zooms out until the place shows, and the
  // property stays in the middle (not at an edge, under the map's controls or credits).
  const bounds = new LngLatBounds()
    .extend([nearest.longitude, nearest.latitude])
    .extend([2 * marker.longitude - nearest.longitude, 2 * marker.latitude - nearest.latitude])
  map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: map.getZoom(), duration: 0 })
}

/** Flat-earth distance is enough to tell which of a few far-apart places is the closest. */
function nearestPlace(marker: Point, places: Point[]): Point | undefined {
  const squash = Math.cos((marker.latitude * Math.PI) / 180)
  const distance = (place: Point) =>
    Math.hypot((place.longitude - marker.longitude) * squash, place.latitude - marker.latitude)
  return places.reduce<Point | undefined>(
    (best, place) => (!best || distance(place) < distance(best) ? place : best),
    undefined,
  )
}
