// The route tree (docs/product.md §4), code-based. Every screen is its own lazy chunk so the home page loads
// only what it shows; loaders fetch through the same query options the screens read, so the data leaves with
// the navigation. The same tree renders on the server (src/app/prerender.tsx): the home page at build time, and
// the catalog's screens named in server/pages/render.ts (RENDERED_SCREENS) for each request.
import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router'

import { isLanguage, type Language } from '@/domain/enums'
import { validateEmailLinkParams, validateSignInScreenParams } from '@/features/auth/search-params'
import { bookingQueryOptions } from '@/features/bookings/api'
import {
  countriesQueryOptions,
  featuredPropertiesQueryOptions,
  propertySearchInfiniteQueryOptions,
} from '@/features/catalog/api'
import {
  toFilters,
  validatePropertyScreenParams,
  validateSearchScreenParams,
} from '@/features/catalog/search-params'
import { bookingPriceQueryOptions } from '@/features/checkout/api'
import { validateCheckoutScreenParams } from '@/features/checkout/checkout-params'
import type { CatalogName } from '@/i18n/catalog-names'
import { loadFeatureCatalog } from '@/i18n/catalogs'
import { currentLanguage } from '@/i18n/language'
import { switchLanguage } from '@/lib/chosen-language'
import { availabilityQueryOptions, propertyQueryOptions } from '@/lib/property-api'
import { optionalId } from '@/lib/search-params'
import { parseSearch, stringifySearch } from '@/lib/url-search'
import { startReads } from '@/offline/online'

import { ErrorPage } from './error-page'
import { enforceRouteAccess } from './guards'
import { RootLayout } from './layout/root-layout'
import { NotFoundPage } from './not-found-page'
import { PendingPage } from './pending-page'

export interface RouterContext {
  queryClient: QueryClient
}

interface RootSearch {
  /** docs/product.md §3: forces the interface language on any page, and is remembered. */
  l?: Language
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: (raw: Record<string, unknown>): RootSearch => (isLanguage(raw.l) ? { l: raw.l } : {}),
  beforeLoad: async ({ search, matches, location }) => {
    if (search.l && search.l !== currentLanguage()) await switchLanguage(search.l)
    // Each route declares who may open it (`staticData.access`); this is the one place that enforces it.
    enforceRouteAccess({ matches, location })
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
})

/**
 * A screen's component: its own lazy chunk, which renders once its feature's messages have come too (both
 * start with the navigation, beside the route's data, or with a link's preload on hover).
 */
function screen<TModule extends Record<string, unknown>, TExport extends keyof TModule & string>(
  catalog: CatalogName,
  importer: () => Promise<TModule>,
  exportName: TExport,
) {
  return lazyRouteComponent(
    () => Promise.all([importer(), loadFeatureCatalog(catalog)]).then(([module]) => module),
    exportName,
  )
}

/** A screen with no loader and no query parameters of its own. */
const route = <TPath extends string>(path: TPath, component: ReturnType<typeof lazyRouteComponent>) =>
  createRoute({ getParentRoute: () => rootRoute, path, component })

/** The same, for a signed-in user only. */
const guardedRoute = <TPath extends string>(path: TPath, component: ReturnType<typeof lazyRouteComponent>) =>
  createRoute({ getParentRoute: () => rootRoute, path, staticData: { access: 'signed-in' }, component })

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: validateSignInScreenParams,
  staticData: { access: 'visitor' },
  component: screen('auth', () => import('@/features/auth/sign-in-page'), 'SignInPage'),
})

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  validateSearch: validateSignInScreenParams,
  staticData: { access: 'visitor' },
  component: screen('auth', () => import('@/features/auth/sign-up-page'), 'SignUpPage'),
})

const activateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/activate',
  validateSearch: validateEmailLinkParams,
  component: screen('auth', () => import('@/features/auth/activate-page'), 'ActivatePage'),
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: validateEmailLinkParams,
  component: screen('auth', () => import('@/features/auth/reset-password-page'), 'ResetPasswordPage'),
})

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Never waits: the page is prerendered and paints at once; its sections fill in behind placeholders. The
  // reads above the fold start now rather than after hydration (not while prerendering: no API there).
  loader: ({ context }) => {
    if (import.meta.env.SSR) return
    const language = currentLanguage()
    void context.queryClient.prefetchQuery(featuredPropertiesQueryOptions(language))
    void context.queryClient.prefetchQuery(countriesQueryOptions(language))
  },
  component: screen('home', () => import('@/features/catalog/home-page'), 'HomePage'),
})

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
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
  component: screen('search', () => import('@/features/catalog/search-page'), 'SearchPage'),
})

const propertyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/property',
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
  component: screen('property', () => import('@/features/catalog/property-page'), 'PropertyPage'),
})

const bookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/booking',
  validateSearch: (raw: Record<string, unknown>) => ({ id: optionalId(raw.id) }),
  staticData: { access: 'signed-in' },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    startReads(
      deps.id ? [context.queryClient.ensureQueryData(bookingQueryOptions(deps.id, currentLanguage()))] : [],
    ),
  component: screen('bookings', () => import('@/features/bookings/booking-page'), 'BookingPage'),
})

const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout',
  validateSearch: validateCheckoutScreenParams,
  // Open to visitors: they book as guests (docs/product.md §12).
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
  component: screen('checkout', () => import('@/features/checkout/checkout-page'), 'CheckoutPage'),
})

const checkoutSessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout-session/$sessionId',
  component: screen(
    'checkout',
    () => import('@/features/checkout/checkout-session-page'),
    'CheckoutSessionPage',
  ),
})

const routeTree = rootRoute.addChildren([
  homeRoute,
  signInRoute,
  signUpRoute,
  activateRoute,
  route(
    '/forgot-password',
    screen('auth', () => import('@/features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  ),
  resetPasswordRoute,
  searchRoute,
  propertyRoute,
  checkoutRoute,
  checkoutSessionRoute,
  guardedRoute(
    '/bookings',
    screen('bookings', () => import('@/features/bookings/bookings-page'), 'BookingsPage'),
  ),
  bookingRoute,
  guardedRoute(
    '/settings',
    screen('settings', () => import('@/features/settings/settings-page'), 'SettingsPage'),
  ),
  guardedRoute(
    '/notifications',
    screen('notifications', () => import('@/features/notifications/notifications-page'), 'NotificationsPage'),
  ),
  route(
    '/about',
    screen('info', () => import('@/features/info/about-page'), 'AboutPage'),
  ),
  route(
    '/tos',
    screen('info', () => import('@/features/info/tos-page'), 'TosPage'),
  ),
  route(
    '/contact',
    screen('info', () => import('@/features/info/contact-page'), 'ContactPage'),
  ),
  route(
    '/agencies',
    screen('catalog', () => import('@/features/catalog/agencies-page'), 'AgenciesPage'),
  ),
  route(
    '/destinations',
    screen('catalog', () => import('@/features/catalog/destinations-page'), 'DestinationsPage'),
  ),
  route(
    '/favourites',
    screen('favourites', () => import('@/features/catalog/favourites-page'), 'FavouritesPage'),
  ),
  route(
    '/privacy',
    screen('info', () => import('@/features/info/privacy-page'), 'PrivacyPage'),
  ),
  route(
    '/cookie-policy',
    screen('info', () => import('@/features/info/cookie-policy-page'), 'CookiePolicyPage'),
  ),
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
    context: { queryClient },
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
