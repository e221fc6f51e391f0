// The map itself, in its own chunk with MapLibre GL and its CSS: only ever imported by lazy-map.tsx when the
// map is about to be seen. Its parts: the MapLibre instance (use-map-instance.ts), the pins and their popups
// (use-map-pins.ts), the basemap's place names (use-place-labels.ts) and where it looks (map-camera.ts).
import 'maplibre-gl/dist/maplibre-gl.css'

import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'

import { useOnline } from '@/lib/use-online'

import { DEFAULT_STYLE_URL, mapConfigQueryOptions } from './map-config.ts'
import type { MapView } from './map-view.ts'
import classes from './map.module.css'
import type { MapMarker } from './markers.ts'
import { useMapInstance } from './use-map-instance.ts'
import { useMapPins } from './use-map-pins.ts'
import { usePlaceLabels } from './use-place-labels.ts'

const NO_MARKERS: MapMarker[] = []

export default function MaplibreMap({ markers: given = NO_MARKERS, center, zoom }: MapView) {
  const { i18n } = useLingui()
  const online = useOnline()
  const container = useRef<HTMLDivElement>(null)
  // Callers may build a new array each render: pins are remade only when what they show changes.
  const [markers, setMarkers] = useState(given)
  if (given !== markers && JSON.stringify(given) !== JSON.stringify(markers)) setMarkers(given)
  const config = useQuery(mapConfigQueryOptions())
  // Without an answer (offline on a first visit, or an error), Haven's own style is still worth a try.
  const styleUrl = config.data?.styleUrl ?? (config.isError || !online ? DEFAULT_STYLE_URL : undefined)
  const selfHosted = config.data?.selfHosted ?? styleUrl === DEFAULT_STYLE_URL

  // The camera is decided once, when the map is made: later marker changes must not yank the view around.
  const start = useRef<MapView>({ markers, center, zoom })
  const { map, ready, failure } = useMapInstance({ container, styleUrl, selfHosted, start })
  useMapPins(map, markers)
  usePlaceLabels({ map, ready, selfHosted, start, language: i18n.locale })

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
      {/* Haven's own basemap has no streets: said plainly, so that a blank land is not taken for an empty
          neighbourhood. A tile provider's map speaks for itself. */}
      {ready && selfHosted ? (
        <p className={classes.note} data-testid="map-note">
          <Trans>Simplified map: coasts, borders and place names, no streets.</Trans>
        </p>
      ) : null}
    </>
  )
}
