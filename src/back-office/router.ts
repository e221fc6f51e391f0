// The back office's route tree (docs/architecture.md, The back office): its features' routes (application
// `backend` in their feature.ts) under its own root (src/entities/staff/office-routes.ts), which guards them
// with the staff session. Each screen is its own lazy chunk, as in the renter's app.
import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'

import { officeRootRoute } from '@/entities/staff/office-routes'
import { officeAccountRoutes } from '@/features/office-account/routes'
import { officeAdminRoutes } from '@/features/office-admin/routes'
import { officeBookingsRoutes } from '@/features/office-bookings/routes'
import { officeNotificationsRoutes } from '@/features/office-notifications/routes'
import { parseSearch, stringifySearch } from '@/lib/url-search'

import { OfficeLayout } from './office-layout'
import { OfficeErrorPage, OfficeNotFoundPage, OfficePendingPage } from './office-pages'

officeRootRoute.update({
  component: OfficeLayout,
  notFoundComponent: OfficeNotFoundPage,
  errorComponent: OfficeErrorPage,
})

const routeTree = officeRootRoute.addChildren([
  ...officeBookingsRoutes,
  ...officeNotificationsRoutes,
  ...officeAccountRoutes,
  ...officeAdminRoutes,
])

export function createOfficeRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: OfficePendingPage,
    defaultErrorComponent: OfficeErrorPage,
    defaultNotFoundComponent: OfficeNotFoundPage,
    parseSearch,
    stringifySearch,
  })
}

export type OfficeRouter = ReturnType<typeof createOfficeRouter>
