// Where a sign-in started from a page comes back to: that page, as the guards do for a guarded screen
// (docs/product.md §2). Home and the not-found page need no return, and an account screen passes on the
// return it already has.
import { useRouterState } from '@tanstack/react-router'

const ACCOUNT_SCREENS = ['/sign-in', '/sign-up', '/activate', '/forgot-password', '/reset-password']

/** The search of a link to /sign-in from the current page: `{ redirect: <this page> }`. */
export function useSignInReturn(): { redirect?: string } {
  return useRouterState({
    select: ({ location, matches }) => {
      // An unknown path matches no route below the root.
      const notFound = matches.at(-1)?.routeId === '__root__'
      if (location.pathname === '/' || notFound) return {}
      if (!ACCOUNT_SCREENS.includes(location.pathname)) return { redirect: location.href }
      const passedOn = (location.search as { redirect?: unknown }).redirect
      return typeof passedOn === 'string' ? { redirect: passedOn } : {}
    },
    structuralSharing: true,
  })
}
