// The information feature's routes: its screens as feature.ts declares them. src/app/router.ts hangs them in
// the route tree.
import { screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'

import info from './feature'

export const infoRoutes = [
  screenRoute(screenPath(info, 'about'), screenComponent(info, 'about')),
  screenRoute(screenPath(info, 'tos'), screenComponent(info, 'tos')),
  screenRoute(screenPath(info, 'contact'), screenComponent(info, 'contact')),
  screenRoute(screenPath(info, 'privacy'), screenComponent(info, 'privacy')),
  screenRoute(screenPath(info, 'cookiePolicy'), screenComponent(info, 'cookiePolicy')),
] as const
