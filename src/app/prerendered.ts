// Taking over the prerendered home page (scripts/build.ts, src/app/prerender.tsx). The router must start
// from the state the HTML was rendered in, matches already loaded, or its first render would be a pending
// screen where the HTML shows the page, and React would throw the HTML away. TanStack Router does this from
// data a server writes into the page (`window.$_TSR`); a prerendered page has nothing to carry (no loader
// data), so the same record is made here, from the routes this URL matches.
import { hydrate } from '@tanstack/react-router/ssr/client'

import { yieldToBrowser } from '@/lib/yield-to-browser'

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

/**
 * Time a slice of evaluation may take before the browser gets its turn: a long task is over 50 ms, and a
 * phone's CPU is four times as slow as the machines the benchmark measures on (which count 10 ms as 40).
 */
const SLICE_MS = 10

/**
 * Runs the code of the screen the server rendered a few chunks at a time, with the browser's turn in
 * between, before the router asks for that screen. Asked for by the router, the screen's chunk and every
 * chunk it imports ran in one task (over 100 ms on a phone's CPU for the home page or a property). The
 * chunks are the page's `modulepreload` links (server/pages/boot.ts writes them), deepest imports first:
 * the links list a chunk before what it imports. A chunk that cannot load is left to the router, which shows
 * its error as it would have.
 */
export async function runScreenChunksInSlices(): Promise<void> {
  const chunks = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    .map((link) => link.href)
    .reverse()
  let sliceStart = performance.now()
  for (const chunk of chunks) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser()
      sliceStart = performance.now()
    }
    try {
      await import(/* @vite-ignore */ chunk)
    } catch {
      return
    }
  }
}
