// The MapLibre map itself: made once its style's address is known, in the page's language, with its
// controls; dropped with the component, or remade when the style or the language changes. Says when it has
// drawn, and whether it could not be made (no WebGL) or could not load (no style, no data).
import { useLingui } from '@lingui/react/macro'
import { type GeoJSONSource, Map as MaplibreGlMap, NavigationControl, setWorkerUrl } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { type RefObject, useEffect, useState } from 'react'

import { FIT_MAX_ZOOM, initialCamera } from './map-camera.ts'
import type { MapView } from './map-view.ts'

// The worker is a separate file of the build (cached by the service worker like any asset), not a blob.
setWorkerUrl(workerUrl)

/** Haven's own basemap has coasts and places, no streets: past this zoom it has nothing more to show. */
const OWN_BASEMAP_MAX_ZOOM = 16
/** Its coasts around each city, and the style's metadata key naming their URL. */
const CITY_DETAIL_SOURCE = 'city-detail'
const CITY_DETAIL_METADATA = 'haven:city-detail'

export type MapFailure = 'webgl' | 'load'

export function useMapInstance({
  container,
  styleUrl,
  selfHosted,
  start,
}: {
  container: RefObject<HTMLDivElement | null>
  /** Unknown yet (the map's configuration is on its way): no map until it is. */
  styleUrl: string | undefined
  /** Haven's own basemap, which goes less close than a tile provider's. */
  selfHosted: boolean
  /** The camera is decided once, when the map is made: later marker changes must not yank the view around. */
  start: RefObject<MapView>
}) {
  const { t } = useLingui()
  const [map, setMap] = useState<MaplibreGlMap | null>(null)
  const [ready, setReady] = useState(false)
  const [failure, setFailure] = useState<MapFailure | null>(null)

  // Sets state synchronously on purpose (the lint rule against it is silenced below): the map can only be
  // made once its container is in the page, so its instance, or the failure to make one, is only known inside
  // this effect, and the pins and labels need it as state to follow it.
  useEffect(() => {
    const element = container.current
    if (!element || !styleUrl) return
    const camera = initialCamera(start.current, selfHosted ? FIT_MAX_ZOOM.own : FIT_MAX_ZOOM.provider)
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
      // eslint-disable-next-line react-hooks/set-state-in-effect -- see the comment above the effect
      setFailure('webgl')
      return
    }
    instance.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    // MapLibre opens the compact credits until the map is dragged, which a page scrolled past never is: on a
    // phone they would cover the bottom of the map (and a property's pin) for good. They start folded, behind
    // their ⓘ button.
    instance.once('idle', () => {
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
  }, [container, start, styleUrl, selfHosted, t])

  return {
    /** The map once made; null before, after, and when it could not be. */
    map,
    /** It has drawn its style once. */
    ready,
    failure,
  }
}
