// The notifications feature's route: its screen as feature.ts declares it, for a signed-in user only.
import { screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'

import notifications from './feature'

export const notificationsRoutes = [
  screenRoute(
    screenPath(notifications, 'notifications'),
    screenComponent(notifications, 'notifications'),
    'signed-in',
  ),
] as const
