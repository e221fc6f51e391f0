// The back office's bookings screens, as feature.ts declares them, on the back office's root: both need a
// staff session.
import { createRoute } from '@tanstack/react-router'

import { officeRootRoute } from '@/entities/staff/office-routes'
import { screenComponent, screenPath } from '@/lib/screen-routes'

import bookings from './feature'
import { validateBookingPageParams, validateInboxParams } from './search-params'

export const officeBookingsRoutes = [
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(bookings, 'inbox'),
    validateSearch: validateInboxParams,
    staticData: { access: 'signed-in' },
    component: screenComponent(bookings, 'inbox'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(bookings, 'booking'),
    validateSearch: validateBookingPageParams,
    staticData: { access: 'signed-in' },
    component: screenComponent(bookings, 'booking'),
  }),
] as const
