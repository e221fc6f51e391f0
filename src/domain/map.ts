// The answer of GET /api/map-config: which MapLibre style the client draws.
import { z } from 'zod'

export const mapConfigSchema = z.object({
  /**
   * Haven's own basemap (`/map/style.json?v=…`, versioned so the service worker may keep it for good), or the
   * tile provider's style named by MAP_STYLE_URL.
   */
  styleUrl: z.string().min(1),
  /** True for Haven's own basemap, which works offline; false for a tile provider's. */
  selfHosted: z.boolean(),
})
export type MapConfig = z.infer<typeof mapConfigSchema>
