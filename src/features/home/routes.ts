// The home feature's routes: its screens as feature.ts declares them. The server renders the same routes
// (src/app/prerender.tsx); src/app/router.ts hangs them in the route tree.
import { createRoute } from '@tanstack/react-router'

import { countriesQueryOptions, featuredPropertiesQueryOptions } from '@/entities/property/catalog-api'
import { currentLanguage } from '@/i18n/language'
import { rootRoute, screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'

import home from './feature'

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(home, 'home'),
  // Never waits: the page is prerendered and paints at once; its sections fill in behind placeholders. The
  // reads above the fold start now rather than after hydration (not while prerendering: no API there).
  loader: ({ context }) => {
    if (import.meta.env.SSR) return
    const language = currentLanguage()
    void context.queryClient.prefetchQuery(featuredPropertiesQueryOptions(language))
    void context.queryClient.prefetchQuery(countriesQueryOptions(language))
  },
  component: screenComponent(home, 'home'),
})

export const homeRoutes = [
  homeRoute,
  screenRoute(screenPath(home, 'agencies'), screenComponent(home, 'agencies')),
  screenRoute(screenPath(home, 'destinations'), screenComponent(home, 'destinations')),
] as const
