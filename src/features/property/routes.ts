// The property feature's route: its screen as feature.ts declares it, with the reads it starts (the same query
// options the screen reads, so that the data leaves with the navigation). The server renders the same route
// (src/app/prerender.tsx); src/app/router.ts hangs it in the route tree.
import { createRoute } from '@tanstack/react-router'

import { availabilityQueryOptions, propertyQueryOptions } from '@/entities/property/property-api'
import { currentLanguage } from '@/i18n/language'
import { rootRoute, screenComponent, screenPath } from '@/lib/screen-routes'
import { startReads } from '@/offline/online'

import property from './feature'
import { validatePropertyScreenParams } from './property-params'

const propertyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(property, 'property'),
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
  component: screenComponent(property, 'property'),
})

export const propertyRoutes = [propertyRoute] as const
