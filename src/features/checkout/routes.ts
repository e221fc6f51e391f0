// The checkout feature's routes: its screens as feature.ts declares them, the stay's property and price read
// by its route. Open to visitors: they book as guests (docs/product.md §12).
import { createRoute } from '@tanstack/react-router'

import { propertyQueryOptions } from '@/entities/property/property-api'
import { currentLanguage } from '@/i18n/language'
import { rootRoute, screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'
import { startReads } from '@/offline/online'

import { bookingPriceQueryOptions } from './api'
import { validateCheckoutScreenParams } from './checkout-params'
import checkout from './feature'

const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(checkout, 'checkout'),
  validateSearch: validateCheckoutScreenParams,
  loaderDeps: ({ search }) => ({ property: search.property, from: search.from, to: search.to }),
  loader: ({ context, deps }) => {
    const { property, from, to } = deps
    if (!property || !from || !to) return
    const stay = { propertyId: property, from, to, cancellation: false, amendments: false }
    return startReads([
      context.queryClient.ensureQueryData(propertyQueryOptions(property, currentLanguage())),
      context.queryClient.ensureQueryData(bookingPriceQueryOptions(stay)),
    ])
  },
  component: screenComponent(checkout, 'checkout'),
})

export const checkoutRoutes = [
  checkoutRoute,
  screenRoute(screenPath(checkout, 'session'), screenComponent(checkout, 'session')),
] as const
