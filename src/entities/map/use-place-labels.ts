// Haven's own basemap has no glyphs: its places are named by HTML labels, in the page's language, cities
// from one zoom and districts from a closer one. A map fitted to one marker (a property) also takes in the
// nearest place, once, so the reader knows where it is.
import type { GeoJSONSource, Map as MaplibreGlMap } from 'maplibre-gl'
import { Marker } from 'maplibre-gl'
import { type RefObject, useEffect, useRef } from 'react'

import { showNearestPlace } from './map-camera.ts'
import type { MapView } from './map-view.ts'
import classes from './map.module.css'

/** Below this zoom place names would crowd the destinations map; districts are named only closer in. */
const CITY_LABELS_MIN_ZOOM = 6
const DISTRICT_LABELS_MIN_ZOOM = 11
/** The style's source of the places Haven's own basemap names (server/services/map/basemap.ts). */
const PLACES_SOURCE = 'places'

interface Place {
  name: string
  kind: 'city' | 'district'
  latitude: number
  longitude: number
}

export function usePlaceLabels({
  map,
  ready,
  selfHosted,
  start,
  language,
}: {
  map: MaplibreGlMap | null
  /** The map has drawn its style, and so has its places' source. */
  ready: boolean
  /** Only Haven's own basemap: a tile provider's names its places itself. */
  selfHosted: boolean
  start: RefObject<MapView>
  language: string
}): void {
  const placedOnce = useRef(false)
  useEffect(() => {
    if (!map || !ready || !selfHosted) return
    // The element the map was made in: its data-labels attribute shows and hides the labels by zoom (CSS).
    const element = map.getContainer()
    const source = map.getSource<GeoJSONSource>(PLACES_SOURCE)
    if (!source) return
    let labels: Marker[] = []
    let cancelled = false
    const showLabelsFor = () => {
      const zoom = map.getZoom()
      element.dataset.labels =
        zoom < CITY_LABELS_MIN_ZOOM ? 'none' : zoom < DISTRICT_LABELS_MIN_ZOOM ? 'cities' : 'all'
    }
    showLabelsFor()
    map.on('zoom', showLabelsFor)
    void source.getData().then((data) => {
      if (cancelled || data.type !== 'FeatureCollection') return
      const places = data.features.flatMap((feature) => placeOf(feature, language))
      labels = places.map((place) =>
        new Marker({ element: placeLabel(place), anchor: 'top', offset: [0, 4] })
          .setLngLat([place.longitude, place.latitude])
          .addTo(map),
      )
      const only = start.current.markers?.length === 1 ? start.current.markers[0] : undefined
      if (only && !start.current.center && !placedOnce.current) {
        placedOnce.current = true
        showNearestPlace(map, only, places)
      }
    })
    return () => {
      cancelled = true
      map.off('zoom', showLabelsFor)
      for (const label of labels) label.remove()
    }
  }, [map, ready, selfHosted, language, start])
}

/** A feature of the `places` source, named in the page's language (`{ en, fr, kind }`). */
function placeOf(feature: GeoJSON.Feature, language: string): Place[] {
  const { geometry, properties } = feature
  if (geometry.type !== 'Point' || !properties) return []
  const [longitude = 0, latitude = 0] = geometry.coordinates
  const name = String(properties[language] ?? properties.en ?? '')
  return name
    ? [{ name, kind: properties.kind === 'district' ? 'district' : 'city', latitude, longitude }]
    : []
}

/** A place's name on the map: text only, never a control (the pins are the map's controls). */
function placeLabel(place: Place): HTMLElement {
  const label = document.createElement('span')
  label.className = classes.place ?? ''
  label.dataset.kind = place.kind
  label.dataset.testid = 'map-place'
  label.textContent = place.name
  return label
}
