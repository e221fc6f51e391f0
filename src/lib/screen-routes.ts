// The root of the route tree and how a feature hangs its screens on it (src/features/<name>/routes.ts), each
// screen as its feature declares it (feature.ts: its path, module, export and catalogs). Here, below the
// features, so that their routes can name their parent; the app gives the root its layout and composes the
// tree (src/app/router.ts).
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, lazyRouteComponent } from '@tanstack/react-router'

import { isLanguage, type Language } from '@/domain/enums'
import type { FeatureDeclaration } from '@/domain/feature-declaration'
import { loadCatalogs } from '@/i18n/catalogs'
import { currentLanguage } from '@/i18n/language'

import { switchLanguage } from './chosen-language'
import { enforceRouteAccess, type RouteAccess } from './route-access'

export interface RouterContext {
  queryClient: QueryClient
  /** Whether the device holds a signed-in user (the session's store, above src/lib), for the route guards. */
  isSignedIn: () => boolean
}

interface RootSearch {
  /** docs/product.md §3: forces the interface language on any page, and is remembered. */
  l?: Language
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: (raw: Record<string, unknown>): RootSearch => (isLanguage(raw.l) ? { l: raw.l } : {}),
  beforeLoad: async ({ search, matches, location, context }) => {
    if (search.l && search.l !== currentLanguage()) await switchLanguage(search.l)
    // Each route declares who may open it (`staticData.access`); this is the one place that enforces it.
    enforceRouteAccess({ matches, location, signedIn: context.isSignedIn() })
  },
})

/**
 * A screen's component: its own lazy chunk, which renders once its catalogs have come too (both start with
 * the navigation, beside the route's data, or with a link's preload on hover).
 */
export const lazyScreen = (catalogs: readonly string[], load: () => Promise<unknown>, exportName: string) =>
  lazyRouteComponent(
    () => Promise.all([load(), loadCatalogs(catalogs)]).then(([module]) => module as Record<string, unknown>),
    exportName,
  )

// The two below are written in a feature's routes.ts and replaced by the build (scripts/feature-declarations.ts)
// with the values of the screen its declaration names, as literals: the entry chunk, which every first visit
// loads, carries what a hand-written route did, and no declaration.

/** The path `feature` declares for its screen `key`. */
export const screenPath = <const F extends FeatureDeclaration, K extends keyof F['screens'] & string>(
  feature: F,
  key: K,
): F['screens'][K]['path'] => feature.screens[key]!.path

/** The component of `feature`'s screen `key`, as it declares it (its module, export and catalogs). */
export function screenComponent<const F extends FeatureDeclaration, K extends keyof F['screens'] & string>(
  feature: F,
  key: K,
): ReturnType<typeof lazyScreen> {
  throw new Error(
    `${feature.name}'s screen ${key}: screenComponent() is replaced by the build, which did not run`,
  )
}

/** A screen with no loader and no query parameters of its own, open to `access` (absent: to everyone). */
export const screenRoute = <const TPath extends string>(
  path: TPath,
  component: ReturnType<typeof lazyScreen>,
  access?: RouteAccess,
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: access ? { access } : {},
    component,
  })
