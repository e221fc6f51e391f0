// The search feature's route: its screen as feature.ts declares it, with the reads it starts (the same query
// options the screen reads, so that the data leaves with the navigation). The server renders the same route
// (src/app/prerender.tsx); src/app/router.ts hangs it in the route tree.
import { createRoute } from '@tanstack/react-router'

import { countriesQueryOptions, propertySearchInfiniteQueryOptions } from '@/entities/property/catalog-api'
import { currentLanguage } from '@/i18n/language'
import { rootRoute, screenComponent, screenPath } from '@/lib/screen-routes'
import { startReads } from '@/offline/online'

import search from './feature'
import { toFilters, validateSearchScreenParams } from './search-params'

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(search, 'search'),
  validateSearch: validateSearchScreenParams,
  loaderDeps: ({ search: params }) => ({ filters: toFilters(params, currentLanguage()) }),
  // The place's name is in the phone's summary of the search, in the HTML the server sends too.
  loader: ({ context, deps }) =>
    startReads([
      context.queryClient.ensureInfiniteQueryData(propertySearchInfiniteQueryOptions(deps.filters)),
      ...(deps.filters.locations?.length
        ? [context.queryClient.ensureQueryData(countriesQueryOptions(currentLanguage()))]
        : []),
    ]),
  component: screenComponent(search, 'search'),
})

export const searchRoutes = [searchRoute] as const
