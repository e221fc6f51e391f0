// Route guards (docs/product.md §4, the access column). Each route says who may open it in its
// `staticData.access`; the root route enforces it for every navigation (`enforceRouteAccess`), and the
// suspended user's gate reads the same declaration (`useRouteAccess`). Who is signed in comes from the router's
// context (src/app/router.ts gives it the session's), as the session sits above src/lib.
import { redirect, useMatches } from '@tanstack/react-router'

/** `signed-in`: a visitor goes to sign-in, and comes back afterwards. `visitor`: a signed-in user goes home. */
export type RouteAccess = 'signed-in' | 'visitor'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Who may open the screen; absent, everyone may. */
    access?: RouteAccess
  }
}

interface MatchedRoute {
  staticData?: { access?: RouteAccess }
}

/** The strictest access among the matched routes (a parent's applies to its children). */
export function accessOf(matches: readonly MatchedRoute[]): RouteAccess | undefined {
  const declared = matches.map((match) => match.staticData?.access)
  return declared.includes('signed-in') ? 'signed-in' : declared.find((access) => access !== undefined)
}

/** The root route's `beforeLoad`: sends a visitor to /sign-in?redirect=<where they were going>, and so on. */
export function enforceRouteAccess({
  matches,
  location,
  signedIn,
}: {
  matches: readonly MatchedRoute[]
  location: { href: string }
  signedIn: boolean
}): void {
  const access = accessOf(matches)
  if (access === 'signed-in' && !signedIn)
    throw redirect({ to: '/sign-in', search: { redirect: location.href } })
  if (access === 'visitor' && signedIn) throw redirect({ to: '/' })
}

/** The current screen's access, as its route declares it. */
export function useRouteAccess(): RouteAccess | undefined {
  return useMatches({ select: (matches) => accessOf(matches) })
}
