// The saved places' route: their screen as feature.ts declares it. src/app/router.ts hangs it in the route tree.
import { screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'

import favourites from './feature'

export const favouritesRoutes = [
  screenRoute(screenPath(favourites, 'favourites'), screenComponent(favourites, 'favourites')),
] as const
