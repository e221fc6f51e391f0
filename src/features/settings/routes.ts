// The settings feature's route: its screen as feature.ts declares it, for a signed-in user only.
import { screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'

import settings from './feature'

export const settingsRoutes = [
  screenRoute(screenPath(settings, 'settings'), screenComponent(settings, 'settings'), 'signed-in'),
] as const
