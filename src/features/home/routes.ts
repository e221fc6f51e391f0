// The home feature's routes: its screens as feature.ts declares them. The server renders the same routes
// (src/app/prerender.tsx); src/app/router.ts hangs them in the route tree.
import { createRoute } from '@tanstack/react-router'

import {
  agenciesQueryOptions,
  countriesQueryOptions,
  featuredPropertiesQueryOptions,
} from '@/entities/property/catalog-api'
import { currentLanguage } from '@/i18n/language'
import { rootRoute, screenComponent, screenPath } from '@/lib/screen-routes'
import { startReads } from '@/offline/online'

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

// The agencies and the destinations: their one read starts with the navigation, as every screen's does
// (startReads), so that the server's render of the page carries its answer (src/app/prerender.tsx dehydrates
// what the loaders read).
const agenciesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(home, 'agencies'),
  loader: ({ context }) => startReads([context.queryClient.ensureQueryData(agenciesQueryOptions())]),
  component: screenComponent(home, 'agencies'),
})

const destinationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(home, 'destinations'),
  loader: ({ context }) =>
    startReads([context.queryClient.ensureQueryData(countriesQueryOptions(currentLanguage()))]),
  component: screenComponent(home, 'destinations'),
})

export const homeRoutes = [homeRoute, agenciesRoute, destinationsRoute] as const
