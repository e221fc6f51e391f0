// Taking over the prerendered home page (scripts/build.ts, src/app/prerender.tsx). The router must start
// from the state the HTML was rendered in, matches already loaded, or its first render would be a pending
// screen where the HTML shows the page, and React would throw the HTML away. TanStack Router does this from
// data a server writes into the page (`window.$_TSR`); a prerendered page has nothing to carry (no loader
// data), so the same record is made here, from the routes this URL matches.
import { hydrate } from '@tanstack/react-router/ssr/client'

import { type AppRouter, keepScrollOnFirstRender } from './router'

type DehydratedRouter = NonNullable<Window['$_TSR']>

export async function adoptPrerenderedRoute(router: AppRouter): Promise<void> {
  const matches = router.matchRoutes(router.latestLocation).map((match) => ({
    i: match.id.replaceAll('/', '#'),
    s: 'success' as const,
    u: Date.now(),
    ssr: true,
  }))
  window.$_TSR = {
    router: { matches, manifest: undefined, dehydratedData: undefined },
    buffer: [],
    initialized: false,
    h: () => {},
  } as unknown as DehydratedRouter
  await hydrate(router)
  keepScrollOnFirstRender()
}
