// The back office's listings screens, as feature.ts declares them, on the back office's root: each needs a
// staff session.
import { createRoute } from '@tanstack/react-router'

import { officeRootRoute } from '@/entities/staff/office-routes'
import { screenComponent, screenPath } from '@/lib/screen-routes'

import listings from './feature'
import { validateListingsParams } from './search-params'

export const officeListingsRoutes = [
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(listings, 'listings'),
    validateSearch: validateListingsParams,
    staticData: { access: 'signed-in' },
    component: screenComponent(listings, 'listings'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(listings, 'newListing'),
    staticData: { access: 'signed-in' },
    component: screenComponent(listings, 'newListing'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(listings, 'editListing'),
    staticData: { access: 'signed-in' },
    component: screenComponent(listings, 'editListing'),
  }),
] as const
