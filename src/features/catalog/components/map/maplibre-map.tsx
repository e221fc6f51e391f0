// The map itself, in its own chunk with MapLibre GL and its CSS: only ever imported by lazy-map.tsx when the
// map is about to be seen. Markers are HTML buttons (reachable with Tab) with popups linking into the app.
import 'maplibre-gl/dist/maplibre-gl.css'

import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import {
  type GeoJSONSource,
  LngLatBounds,
  type LngLatLike,
  Map as MaplibreGlMap,
  type MapOptions,
  Marker,
  NavigationControl,
  Popup,
  setWorkerUrl,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { useEffect, useRef, useState } from 'react'

import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@/domain/constants'
import { useOnline } from '@/offline/online'

import type { LazyMapProps } from './lazy-map'
import { DEFAULT_STYLE_URL, mapConfigQueryOptions } from './map-config'
import classes from './map.module.css'
import type { MapMarker } from './markers'
import { propertiesIn } from './properties-in'

// The worker is a separate file of the build (cached by the service worker like any asset), not a blob.
setWorkerUrl(workerUrl)

/**
 * Closest zoom when fitting markers (one marker alone, say): its neighbourhood, where Haven's own basemap
 * draws the blocks and parks around its cities (server/services/map/city-detail.ts); its town on a tile
 * provider's.
 */
const FIT_MAX_ZOOM = { own: 13, provider: 12 } as const
/** Haven's own blocks are about 550 m wide: past this zoom there is nothing more to see. */
const OWN_BASEMAP_MAX_ZOOM = 16
/** Below this zoom place names would crowd the destinations map; districts are named only closer in. */
const CITY_LABELS_MIN_ZOOM = 6
const DISTRICT_LABELS_MIN_ZOOM = 11
/** The style's source of the places Haven's own basemap names (server/services/map/basemap.ts). */
const PLACES_SOURCE = 'places'
/** Its coasts, blocks and parks around each city, and the style's metadata key naming their URL. */
const CITY_DETAIL_SOURCE = 'city-detail'
// eslint-disable-next-line lingui/no-unlocalized-strings -- a key of the style's metadata, not copy
const CITY_DETAIL_METADATA = 'haven:city-detail'

const FIT_PADDING = 48
/** Pins whose centres are closer than this (a pin is 22 px wide) merge into a numbered cluster. */
const CLUSTER_RADIUS_PX = 24
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS length, not copy
const POPUP_MAX_WIDTH = '260px'

type Failure = 'webgl' | 'load'

const NO_MARKERS: MapMarker[] = []

export default function MaplibreMap({
  markers: given = NO_MARKERS,
  center,
  zoom,
}: Omit<LazyMapProps, 'height' | 'label'>) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const online = useOnline()
  const container = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<MaplibreGlMap | null>(null)
  const [ready, setReady] = useState(false)
  const [failure, setFailure] = useState<Failure | null>(null)
  // Callers may build a new array each render: pins are remade only when what they show changes.
  const [markers, setMarkers] = useState(given)
  if (given !== markers && JSON.stringify(given) !== JSON.stringify(markers)) setMarkers(given)
  const config = useQuery(mapConfigQueryOptions())
  // Without an answer (offline on a first visit, or an error), Haven's own style is still worth a try.
  const styleUrl = config.data?.styleUrl ?? (config.isError || !online ? DEFAULT_STYLE_URL : undefined)
  const selfHosted = config.data?.selfHosted ?? styleUrl === DEFAULT_STYLE_URL

  // The camera is decided once, when the map is made: later marker changes must not yank the view around.
  const initial = useRef({ markers, center, zoom })

  useEffect(() => {
    const element = container.current
    if (!element || !styleUrl) return
    const camera = initialCamera(initial.current, selfHosted ? FIT_MAX_ZOOM.own : FIT_MAX_ZOOM.provider)
    let instance: MaplibreGlMap
    try {
      instance = new MaplibreGlMap({
        container: element,
        style: styleUrl,
        ...camera,
        maxZoom: selfHosted ? OWN_BASEMAP_MAX_ZOOM : 19,
        // A page scrolls through the map: zooming needs Ctrl (⌘) + scroll, moving needs two fingers.
        cooperativeGestures: true,
        dragRotate: false,
        touchPitch: false,
        pitchWithRotate: false,
        attributionControl: { compact: true },
        locale: {
          'Map.Title': t`Map`,
          'Marker.Title': t`Map marker`,
          'NavigationControl.ZoomIn': t`Zoom in`,
          'NavigationControl.ZoomOut': t`Zoom out`,
          'Popup.Close': t`Close`,
          'AttributionControl.ToggleAttribution': t`Show or hide the map credits`,
          'AttributionControl.MapFeedback': t`Map feedback`,
          'NavigationControl.ResetBearing': t`Point the map north`,
          'CooperativeGesturesHandler.WindowsHelpText': t`Use Ctrl + scroll to zoom the map`,
          'CooperativeGesturesHandler.MacHelpText': t`Use ⌘ + scroll to zoom the map`,
          'CooperativeGesturesHandler.MobileHelpText': t`Use two fingers to move the map`,
        },
      })
    } catch {
      // No WebGL 2 context after all (blocked, lost, or too many open).
      setFailure('webgl')
      return
    }
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    // MapLibre opens the compact credits until the map is dragged, which a page scrolled past never is: on a
    // phone they would cover the bottom of the map (and a property's pin) for good. They start folded, behind
    // their ⓘ button.
    instance.once('idle', () => {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- MapLibre's class names, not copy
      element.querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show')
    })
    let loaded = false
    instance.on('load', () => {
      loaded = true
      setReady(true)
      // Haven's own style names its city detail in its metadata, to be fetched once the map has drawn.
      const metadata = instance.getStyle().metadata as Record<string, unknown> | undefined
      const detailUrl = metadata?.[CITY_DETAIL_METADATA]
      if (typeof detailUrl === 'string') {
        void instance.getSource<GeoJSONSource>(CITY_DETAIL_SOURCE)?.setData(detailUrl)
      }
    })
    // Before the first full draw an error means no style or no data; later ones (a tile) are not fatal.
    instance.on('error', () => {
      if (!loaded) setFailure('load')
    })
    setMap(instance)
    return () => {
      setMap(null)
      setReady(false)
      instance.remove()
    }
    // `t` changes with the language: the map's own controls are then remade in it.
  }, [styleUrl, selfHosted, t])

  useEffect(() => {
    if (!map) return
    let open: Popup | null = null
    const navigate = (href: string) => {
      open?.remove()
      router.history.push(href)
    }
    const linkText = (marker: MapMarker) =>
      marker.kind === 'location' ? propertiesIn(i18n, marker.name) : t`View this property`
    const showPopup = (at: LngLatLike, content: HTMLElement, returnFocusTo: HTMLElement) => {
      open?.remove()
      const popup = new Popup({ offset: 16, maxWidth: POPUP_MAX_WIDTH, focusAfterOpen: true })
        .setLngLat(at)
        .setDOMContent(content)
        .addTo(map)
      popup.getElement()?.addEventListener('keydown', (key) => {
        if (key.key === 'Escape') {
          popup.remove()
          returnFocusTo.focus()
        }
      })
      open = popup
    }

    const pins = markers.map((marker) => {
      const button = pinButton(classes.marker, marker.kind)
      button.setAttribute('aria-label', marker.detail ? `${marker.name}, ${marker.detail}` : marker.name)
      button.setAttribute('aria-haspopup', 'dialog')
      const pin = new Marker({ element: button }).setLngLat([marker.longitude, marker.latitude])
      button.addEventListener('click', (event) => {
        // The map would take the click as its own and close the popup it is opening.
        event.stopPropagation()
        showPopup(pin.getLngLat(), popupContent([marker], linkText, navigate), button)
      })
      return { marker, pin }
    })

    // Pins closer than a pin's width merge into one numbered button that zooms in on them (or, at the
    // closest zoom, lists them), so every place stays reachable, by pointer and by keyboard.
    let clusters: Marker[] = []
    const shown = new Set<Marker>()
    const layout = () => {
      for (const cluster of clusters) cluster.remove()
      clusters = []
      const groups: { members: typeof pins; x: number; y: number }[] = []
      for (const entry of pins) {
        const point = map.project(entry.pin.getLngLat())
        const near = groups.find(
          (group) => Math.hypot(group.x - point.x, group.y - point.y) < CLUSTER_RADIUS_PX,
        )
        if (near) near.members.push(entry)
        else groups.push({ members: [entry], x: point.x, y: point.y })
      }
      for (const { members } of groups) {
        if (members.length === 1) {
          // Re-adding a pin already shown would recreate it and lose its focus.
          if (members[0] && !shown.has(members[0].pin)) {
            members[0].pin.addTo(map)
            shown.add(members[0].pin)
          }
          continue
        }
        for (const member of members) {
          member.pin.remove()
          shown.delete(member.pin)
        }
        const bounds = new LngLatBounds()
        for (const member of members) bounds.extend(member.pin.getLngLat())
        const names = members.map((member) => member.marker.name).join(', ')
        const button = pinButton(classes.cluster, 'cluster')
        button.textContent = String(members.length)
        button.setAttribute('aria-label', t`${members.length} places: ${names}`)
        const cluster = new Marker({ element: button }).setLngLat(bounds.getCenter()).addTo(map)
        button.addEventListener('click', (event) => {
          event.stopPropagation()
          if (map.getZoom() >= map.getMaxZoom() - 0.5) {
            const list = popupContent(
              members.map((member) => member.marker),
              linkText,
              navigate,
            )
            showPopup(cluster.getLngLat(), list, button)
          } else {
            map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: map.getMaxZoom() })
          }
        })
        clusters.push(cluster)
      }
    }
    layout()
    map.on('zoomend', layout)
    return () => {
      map.off('zoomend', layout)
      open?.remove()
      for (const cluster of clusters) cluster.remove()
      for (const { pin } of pins) pin.remove()
    }
  }, [map, markers, router, t, i18n])

  // Haven's own basemap has no glyphs: its places are named by HTML labels, in the page's language. A map
  // fitted to one marker (a property) also takes in the nearest place, so the reader knows where it is.
  const language = i18n.locale
  const placedOnce = useRef(false)
  useEffect(() => {
    const element = container.current
    if (!map || !ready || !selfHosted || !element) return
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
      const only = initial.current.markers.length === 1 ? initial.current.markers[0] : undefined
      if (only && !initial.current.center && !placedOnce.current) {
        placedOnce.current = true
        const nearest = nearestPlace(only, places)
        if (nearest && !map.getBounds().contains([nearest.longitude, nearest.latitude])) {
          // The place and its mirror image across the pin: the map zooms out until the place shows, and the
          // property stays in the middle (not at an edge, under the map's controls or credits).
          const bounds = new LngLatBounds()
            .extend([nearest.longitude, nearest.latitude])
            .extend([2 * only.longitude - nearest.longitude, 2 * only.latitude - nearest.latitude])
          map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: map.getZoom(), duration: 0 })
        }
      }
    })
    return () => {
      cancelled = true
      map.off('zoom', showLabelsFor)
      for (const label of labels) label.remove()
    }
  }, [map, ready, selfHosted, language])

  if (failure) {
    return (
      <div className={classes.failure} role="status" data-testid="map-unavailable">
        <span className={classes.placeholderText}>
          {failure === 'webgl' ? (
            <Trans>The map cannot be shown on this device.</Trans>
          ) : online ? (
            <Trans>The map could not be loaded.</Trans>
          ) : (
            <Trans>The map will appear when you are back online.</Trans>
          )}
        </span>
      </div>
    )
  }

  return (
    <>
      {ready ? null : (
        <div className={classes.placeholder} aria-hidden="true">
          <span className={classes.placeholderText}>
            <Trans>Loading the map…</Trans>
          </span>
        </div>
      )}
      <div
        ref={container}
        className={classes.map}
        data-map-state={ready ? 'ready' : 'loading'}
        lang={i18n.locale}
      />
    </>
  )
}

function initialCamera(
  { markers, center, zoom }: Pick<LazyMapProps, 'markers' | 'center' | 'zoom'>,
  fitMaxZoom: number,
): Partial<MapOptions> {
  if (center) return { center: [center.longitude, center.latitude], zoom: zoom ?? MAP_DEFAULT_ZOOM }
  if (markers?.length) {
    const bounds = new LngLatBounds()
    for (const marker of markers) bounds.extend([marker.longitude, marker.latitude])
    return { bounds, fitBoundsOptions: { padding: FIT_PADDING, maxZoom: zoom ?? fitMaxZoom } }
  }
  return {
    center: [MAP_DEFAULT_CENTER.longitude, MAP_DEFAULT_CENTER.latitude],
    zoom: zoom ?? MAP_DEFAULT_ZOOM,
  }
}

interface Place {
  name: string
  kind: 'city' | 'district'
  latitude: number
  longitude: number
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

/** Flat-earth distance is enough to tell which of a few far-apart places is the closest. */
function nearestPlace(marker: MapMarker, places: Place[]): Place | undefined {
  const squash = Math.cos((marker.latitude * Math.PI) / 180)
  const distance = (place: Place) =>
    Math.hypot((place.longitude - marker.longitude) * squash, place.latitude - marker.latitude)
  return places.reduce<Place | undefined>(
    (best, place) => (!best || distance(place) < distance(best) ? place : best),
    undefined,
  )
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

function pinButton(className: string | undefined, kind: string): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = className ?? ''
  button.dataset.kind = kind
  return button
}

/** A popup's content, built as DOM (names come from data: never through innerHTML): one place, or a list. */
function popupContent(
  markers: MapMarker[],
  linkText: (marker: MapMarker) => string,
  navigate: (href: string) => void,
): HTMLElement {
  const root = document.createElement(markers.length > 1 ? 'ul' : 'div')
  root.className = classes.popup ?? ''
  for (const marker of markers) {
    const item = document.createElement(markers.length > 1 ? 'li' : 'div')
    item.className = classes.popupItem ?? ''
    const name = document.createElement('p')
    name.className = classes.popupName ?? ''
    name.textContent = marker.name
    item.append(name)
    if (marker.detail) {
      const detail = document.createElement('p')
      detail.className = classes.popupDetail ?? ''
      detail.textContent = marker.detail
      item.append(detail)
    }
    const link = document.createElement('a')
    link.className = classes.popupLink ?? ''
    link.href = marker.href
    link.textContent = linkText(marker)
    link.addEventListener('click', (event) => {
      // A plain click stays in the app; a modified one (new tab, window) is the browser's.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      navigate(marker.href)
    })
    item.append(link)
    root.append(item)
  }
  return root
}
