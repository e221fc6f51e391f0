// The search results on a map: a pin for each property of the pages loaded so far. Its own chunk, loaded when
// the visitor switches to the map, and MapLibre itself only once the map is drawn (lazy-map.tsx).
import { useLingui } from '@lingui/react/macro'

import type { PropertySummary } from '@/domain/catalog'
import { LazyMap } from '@/lib/map/lazy-map'
import { type MapMarker, propertyMarker } from '@/lib/map/markers'

export interface ResultsMapProps {
  properties: PropertySummary[]
  height: number | string
}

export function ResultsMap({ properties, height }: ResultsMapProps) {
  const { t } = useLingui()
  const markers = properties
    .map((property) => propertyMarker(property, property.location.name))
    .filter((marker): marker is MapMarker => marker !== null)
  return <LazyMap markers={markers} height={height} label={t`Map of the results`} />
}
