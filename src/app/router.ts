// The route tree (docs/product.md §4), code-based: each feature's routes (src/features/<name>/routes.ts, its
// screens as its feature.ts declares them) under the root, which gets the app's layout here. Every screen is its
// own lazy chunk so the home page loads only what it shows; loaders fetch through the same query options the
// screens read, so the data leaves with the navigation. The same tree renders on the server
// (src/app/prerender.tsx): the home page at build time, and the screens declared `rendered` for each request.
import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'

import { readSessionUser } from '@/entities/session/session'
import { authRoutes } from '@/features/auth/routes'
import { bookingsRoutes } from '@/features/bookings/routes'
import { checkoutRoutes } from '@/features/checkout/routes'
import { favouritesRoutes } from '@/features/favourites/routes'
import { homeRoutes } from '@/features/home/routes'
import { infoRoutes } from '@/features/info/routes'
import { notificationsRoutes } from '@/features/notifications/routes'
import { propertyRoutes } from '@/features/property/routes'
import { searchRoutes } from '@/features/search/routes'
import { settingsRoutes } from '@/features/settings/routes'
import { rootRoute } from '@/lib/screen-routes'
import { parseSearch, stringifySearch } from '@/lib/url-search'

import { ErrorPage } from './error-page'
import { RootLayout } from './layout/root-layout'
import { NotFoundPage } from './not-found-page'
import { PendingPage } from './pending-page'

export { rootRoute, type RouterContext } from '@/lib/screen-routes'

rootRoute.update({ component: RootLayout, notFoundComponent: NotFoundPage, errorComponent: ErrorPage })

// Each feature's screens, as its folder declares them (feature.ts) and routes them (routes.ts).
const routeTree = rootRoute.addChildren([
  ...homeRoutes,
  ...searchRoutes,
  ...propertyRoutes,
  ...favouritesRoutes,
  ...authRoutes,
  ...checkoutRoutes,
  ...bookingsRoutes,
  ...settingsRoutes,
  ...notificationsRoutes,
  ...infoRoutes,
])

let keepScrollOnce = false

/** Called before hydrating a prerendered page: its first render leaves the scroll position alone. */
export function keepScrollOnFirstRender(): void {
  keepScrollOnce = true
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, isSignedIn: () => readSessionUser() !== null },
    // Hovering or focusing a link loads its screen's code and data before the click.
    defaultPreload: 'intent',
    // The query cache decides freshness; the router must not keep its own stale copy of loader results.
    defaultPreloadStaleTime: 0,
    // docs/product.md §4: each navigation starts at the top; back/forward restore the previous position.
    scrollRestoration: () => {
      // The prerendered page may have been scrolled before it was hydrated: that first render keeps the
      // reader where they are instead of jumping back to the top.
      if (!keepScrollOnce) return true
      keepScrollOnce = false
      return false
    },
    defaultPendingComponent: PendingPage,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    parseSearch,
    stringifySearch,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
