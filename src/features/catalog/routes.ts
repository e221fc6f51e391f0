// The catalog feature's routes: its screens as feature.ts declares them, with the reads each route starts (the
// same query options its screen reads, so that the data leaves with the navigation). The server renders the
// same routes (src/app/prerender.tsx). src/app/router.ts hangs them in the route tree.
import { createRoute } from '@tanstack/react-router'

import { currentLanguage } from '@/i18n/language'
import { availabilityQueryOptions, propertyQueryOptions } from '@/lib/property-api'
import { rootRoute, screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'
import { startReads } from '@/offline/online'

import {
  countriesQueryOptions,
  featuredPropertiesQueryOptions,
  propertySearchInfiniteQueryOptions,
} from './api'
import catalog from './feature'
import { toFilters, validatePropertyScreenParams, validateSearchScreenParams } from './search-params'

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(catalog, 'home'),
  // Never waits: the page is prerendered and paints at once; its sections fill in behind placeholders. The
  // reads above the fold start now rather than after hydration (not while prerendering: no API there).
  loader: ({ context }) => {
    if (import.meta.env.SSR) return
    const language = currentLanguage()
    void context.queryClient.prefetchQuery(featuredPropertiesQueryOptions(language))
    void context.queryClient.prefetchQuery(countriesQueryOptions(language))
  },
  component: screenComponent(catalog, 'home'),
})

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(catalog, 'search'),
  validateSearch: validateSearchScreenParams,
  loaderDeps: ({ search }) => ({ filters: toFilters(search, currentLanguage()) }),
  // The place's name is in the phone's summary of the search, in the HTML the server sends too.
  loader: ({ context, deps }) =>
    startReads([
      context.queryClient.ensureInfiniteQueryData(propertySearchInfiniteQueryOptions(deps.filters)),
      ...(deps.filters.locations?.length
        ? [context.queryClient.ensureQueryData(countriesQueryOptions(currentLanguage()))]
        : []),
    ]),
  component: screenComponent(catalog, 'search'),
})

const propertyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(catalog, 'property'),
  validateSearch: validatePropertyScreenParams,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => {
    if (!deps.id) return startReads([])
    const reads: Promise<unknown>[] = [
      context.queryClient.ensureQueryData(propertyQueryOptions(deps.id, currentLanguage())),
    ]
    // The server's page carries the held stays too (its date pickers, and what the dates asked for say): a
    // page taken over with none read them at once and drew its booking panel again, in one task. A page the
    // server keeps (10 s, without dates) may miss a stay held since: checkout refuses an overlap whatever a
    // picker showed. In the browser the screen does not wait for them: it reads them once shown.
    if (import.meta.env.SSR)
      reads.push(context.queryClient.ensureQueryData(availabilityQueryOptions(deps.id)))
    return startReads(reads)
  },
  component: screenComponent(catalog, 'property'),
})

export const catalogRoutes = [
  homeRoute,
  searchRoute,
  propertyRoute,
  screenRoute(screenPath(catalog, 'agencies'), screenComponent(catalog, 'agencies')),
  screenRoute(screenPath(catalog, 'destinations'), screenComponent(catalog, 'destinations')),
  screenRoute(screenPath(catalog, 'favourites'), screenComponent(catalog, 'favourites')),
] as const
