// The back office's calendar screen, as feature.ts declares it, on the back office's root: it needs a staff
// session.
import { createRoute } from '@tanstack/react-router'

import { officeRootRoute } from '@/entities/staff/office-routes'
import { screenComponent, screenPath } from '@/lib/screen-routes'

import calendar from './feature'
import { validateCalendarParams } from './search-params'

export const officeCalendarRoutes = [
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(calendar, 'calendar'),
    validateSearch: validateCalendarParams,
    staticData: { access: 'signed-in' },
    component: screenComponent(calendar, 'calendar'),
  }),
] as const
