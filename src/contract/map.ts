// GET /api/map-config's answer: which MapLibre style the client draws.
import { z } from '../domain/zod-mini.ts'
import type { RouteTable } from './route.ts'
import { mapConfig } from './routes.ts'

export const mapConfigSchema = z.object({
  /**
   * Haven's own basemap (`/map/style.json?v=…`, versioned so the service worker may keep it for good), or the
   * tile provider's style named by MAP_STYLE_URL.
   */
  styleUrl: z.string().check(z.minLength(1)),
  /** True for Haven's own basemap, which works offline; false for a tile provider's. */
  selfHosted: z.boolean(),
})
export type MapConfig = z.infer<typeof mapConfigSchema>

export const mapRoutes = { [mapConfig]: { answer: mapConfigSchema } } as const satisfies RouteTable
