// The home feature's routes: its screens as feature.ts declares them. The server renders the same routes
// (src/app/prerender.tsx); src/app/router.ts hangs them in the route tree.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { createRoute } from '@tanstack/react-router'

import {
  agenciesQueryOptions,
  countriesQueryOptions,
  featuredPropertiesQueryOptions,
} from '@/entities/property/catalog-api'
import { currentLanguage } from '@/i18n/language'
import { rootRoute, screenComponent, screenPath } from '@/lib/screen-routes'

import home from './feature'

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(home, 'home'),
  // Never waits: the page paints at once (the server renders its hero and placeholders, with no data); its
  // sections fill in behind placeholders. The reads above the fold start now rather than after hydration.
  loader: ({ context }) => {
    if (import.meta.env.SSR) return
    const language = currentLanguage()
    void context.queryClient.prefetchQuery(featuredPropertiesQueryOptions(language))
    void context.queryClient.prefetchQuery(countriesQueryOptions(language))
  },
  component: screenComponent(home, 'home'),
})

/** Awaited on the server, started in the browser (where a failed read is the screen's to show). */
const readFirst = async <T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> => {
  if (import.meta.env.SSR) await queryClient.ensureQueryData(options)
  else void queryClient.prefetchQuery(options)
}

// The agencies and the destinations: their one read is made before the server renders the page, which then
// carries its answer (src/app/prerender.tsx dehydrates what the loaders read). In the browser it starts with
// the navigation, and the screen's placeholder shows while it comes.
const agenciesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(home, 'agencies'),
  loader: ({ context }) => readFirst(context.queryClient, agenciesQueryOptions()),
  component: screenComponent(home, 'agencies'),
})

const destinationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(home, 'destinations'),
  loader: ({ context }) => readFirst(context.queryClient, countriesQueryOptions(currentLanguage())),
  component: screenComponent(home, 'destinations'),
})

export const homeRoutes = [homeRoute, agenciesRoute, destinationsRoute] as const
