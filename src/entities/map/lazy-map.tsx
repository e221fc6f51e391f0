// The map as pages use it: a placeholder of the map's size until the map is about to scroll into view, then
// MapLibre (~420 KB gzip with its worker, in its own chunk) is fetched and drawn. Never in a first load.
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

import { loadCatalogs } from '@/i18n/catalogs'

import type { MapView } from './map-view.ts'
import classes from './map.module.css'
import { supportsWebGL2 } from './webgl.ts'

// With its messages (the map's catalog, lingui.config.ts): the page's own came with the page.
const MaplibreMap = lazy(() =>
  Promise.all([import('./maplibre-map.tsx'), loadCatalogs(['map'])]).then(([module]) => module),
)

/**
 * Start fetching a little before the map enters the viewport, so it is ready when it arrives; not much
 * more, or a map just below the first screen would load MapLibre (the heaviest code in the app) with it.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- an IntersectionObserver margin, not copy
const PREFETCH_MARGIN = '150px 0px'

export interface LazyMapProps extends MapView {
  /** CSS height of the map and of its placeholder. Default 360px. */
  height?: number | string
  /** The accessible name of the map (a labelled group), e.g. "Map of destinations". Default "Map". */
  label?: string
  className?: string
}

type Stage = 'waiting' | 'near' | 'no-webgl'

export function LazyMap({ height = 360, label, className, ...map }: LazyMapProps) {
  const { t } = useLingui()
  const frame = useRef<HTMLDivElement>(null)
  const [stage, setStage] = useState<Stage>('waiting')

  useEffect(() => {
    const element = frame.current
    if (!element || stage !== 'waiting') return
    const approach = () => setStage(supportsWebGL2() ? 'near' : 'no-webgl')
    if (typeof IntersectionObserver === 'undefined') {
      approach()
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          approach()
        }
      },
      { rootMargin: PREFETCH_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [stage])

  const placeholder = (
    <div className={classes.placeholder} aria-busy="true">
      <span className={classes.placeholderText}>
        <Trans>Loading the map…</Trans>
      </span>
    </div>
  )

  return (
    <div
      ref={frame}
      // A group, not a landmark: pages put the map in a section that already has the same name.
      role="group"
      aria-label={label ?? t`Map`}
      className={className ? `${classes.frame} ${className}` : classes.frame}
      style={{ height }}
      data-testid="map"
      data-map-state={stage === 'no-webgl' ? 'unavailable' : stage}
    >
      {stage === 'near' ? (
        <Suspense fallback={placeholder}>
          <MaplibreMap {...map} />
        </Suspense>
      ) : stage === 'no-webgl' ? (
        <MapUnavailable />
      ) : (
        placeholder
      )}
    </div>
  )
}

/** Said instead of the map when this browser cannot draw it. */
export function MapUnavailable() {
  return (
    <div className={classes.placeholder} role="status" data-testid="map-unavailable">
      <span className={classes.placeholderText}>
        <Trans>The map cannot be shown on this device.</Trans>
      </span>
    </div>
  )
}
