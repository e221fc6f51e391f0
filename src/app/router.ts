// The route tree (docs/product.md §4), code-based: each feature's routes (src/features/<name>/routes.ts, its
// screens as its feature.ts declares them) under the root, which gets the app's layout here. Every screen is its
// own lazy chunk so the home page loads only what it shows; loaders fetch through the same query options the
// screens read, so the data leaves with the navigation. The same tree renders on the server
// (src/app/prerender.tsx): the screens declared `rendered`, for each request.
import { dehydrate, type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query'
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

/** A value JSON can write. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

let keepScrollOnce = false

/** Called before hydrating a rendered page: its first render leaves the scroll position alone. */
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
      // The rendered page may have been scrolled before it was hydrated: that first render keeps the
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
    // A page the server rendered carries the answers its screen was made from (only successful reads: a read
    // that failed or is still running is the browser's to make again), with the time they were read: the
    // browser's first render is the same, and reads nothing again.
    // The answers are the API's JSON, which the router's serializer writes as they are; their type (`unknown`
    // data) is more than its serializability check can prove, hence the JSON type here.
    dehydrate: import.meta.env.SSR
      ? () => ({
          queries: dehydrate(queryClient, {
            shouldDehydrateQuery: (query) => query.state.status === 'success',
          }) as unknown as Json,
        })
      : undefined,
    hydrate: (dehydrated: { queries: Json }) =>
      hydrate(queryClient, dehydrated.queries as unknown as DehydratedState),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
