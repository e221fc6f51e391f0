// The bookings feature's routes: its screens as feature.ts declares them, for a signed-in user only, with a
// booking's read started by its route. src/app/router.ts hangs them in the route tree.
import { createRoute } from '@tanstack/react-router'

import { currentLanguage } from '@/i18n/language'
import { rootRoute, screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'
import { optionalId } from '@/lib/search-params'
import { startReads } from '@/offline/online'

import { bookingQueryOptions } from './api'
import bookings from './feature'

const bookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(bookings, 'booking'),
  validateSearch: (raw: Record<string, unknown>) => ({ id: optionalId(raw.id) }),
  staticData: { access: 'signed-in' },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    startReads(
      deps.id ? [context.queryClient.ensureQueryData(bookingQueryOptions(deps.id, currentLanguage()))] : [],
    ),
  component: screenComponent(bookings, 'booking'),
})

export const bookingsRoutes = [
  screenRoute(screenPath(bookings, 'bookings'), screenComponent(bookings, 'bookings'), 'signed-in'),
  bookingRoute,
] as const
