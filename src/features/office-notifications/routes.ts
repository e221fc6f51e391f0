// The back office's notifications screen, as feature.ts declares it, on the back office's root: it needs a
// staff session.
import { createRoute } from '@tanstack/react-router'

import { officeRootRoute } from '@/entities/staff/office-routes'
import { screenComponent, screenPath } from '@/lib/screen-routes'

import notifications from './feature'
import { validateNoticesParams } from './search-params'

export const officeNotificationsRoutes = [
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(notifications, 'notifications'),
    validateSearch: validateNoticesParams,
    staticData: { access: 'signed-in' },
    component: screenComponent(notifications, 'notifications'),
  }),
] as const
