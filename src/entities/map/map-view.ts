// What a page asks of a map: its pins and where it looks first. LazyMap takes it on the page's side
// (lazy-map.tsx) and hands it to the map in MapLibre's chunk (maplibre-map.tsx, map-camera.ts); a module of
// types alone, so that neither side imports the other to name it.
import type { MapMarker } from './markers.ts'

export interface MapView {
  /** Pins with popups; with markers and no `center`, the map fits them all. */
  markers?: MapMarker[]
  /**
   * Latitude/longitude to look at; default docs/product.md §10's (36.97, −95.84) when there are no markers
   * either.
   */
  center?: { latitude: number; longitude: number }
  /**
   * With `center` (or neither centre nor markers): the zoom, default 5 (docs/product.md §10). With markers
   * only: the closest the fit may come, default 6 on Haven's own basemap and 12 on a tile provider's.
   */
  zoom?: number
}
