// The server-side entry of the build (dist/ssr/, server/pages/render.ts): every public screen the features
// declare `rendered` (the home page among them) is rendered here for a request, in the request's language,
// through TanStack Router's server rendering: the route's loaders run first (their reads go through the API
// as in the browser: setApiTransport), the screen is rendered to HTML, and the router dehydrates its matches
// and, through its `dehydrate` option (src/app/router.ts), the query cache they filled, into the scripts its
// <Scripts /> writes into the page (src/app/layout/root-layout.tsx). The browser takes the page over from
// them (src/main.tsx: the router's `hydrate`, then React's `hydrateRoot`) without reading the data again.
import { i18n, type MessageDescriptor } from '@lingui/core'
import { createMemoryHistory } from '@tanstack/react-router'
import { attachRouterServerSsrUtils, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'

import type { Language } from '@/domain/enums'
import { SCREENS } from '@/features/declarations'
import { loadCatalogs, loadLocale } from '@/i18n/catalogs'
import { createQueryClient } from '@/lib/query-client'
import { APP_NAME } from '@/ui/brand'

import { App } from './app'
import { createAppRouter, rootRoute } from './router'

/** What React's document starts with as TanStack Router hands it back (the page's shell has its own). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- markup, not copy
const DOCTYPE = '<!DOCTYPE html>'

/**
 * The screen at `url` (a path and its query) rendered to HTML in `language`, with the router's hydration
 * scripts in it, or null when it is not one to send rendered: not found, its data refused or unreachable, or
 * a part of it that failed to render (the browser then renders it itself).
 */
async function renderRoute(url: string, language: Language): Promise<string | null> {
  await loadLocale(language)
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))
  // On a server the router writes its scroll-restoration script into the page; the browser's router keeps
  // scroll positions itself.
  router.update({ ...router.options, scrollRestoration: false })
  attachRouterServerSsrUtils({ router, manifest: undefined })
  try {
    await router.load()
    const leaf = router.state.matches.at(-1)
    if (leaf === undefined || leaf.routeId === rootRoute.id || leaf.status !== 'success') return null
    // The matches and the answers they read, for <Scripts /> to write: dehydrated before the render, as the
    // router's own handlers do.
    await router.serverSsr!.dehydrate()
    const errors: unknown[] = []
    const { prelude } = await prerender(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
      {
        onError: (error) => void errors.push(error),
        // One document, no streaming: React would otherwise move large parts out of place, to be put back
        // by an inline script. The route's data is read before the render starts, so nothing would stream
        // later anyway.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    )
    // A part that failed would be left for the client to render: a flash, not a rendered page.
    if (errors.length > 0) return null
    // Ends the router's server rendering: every script it had to write is in the page already (the data is
    // plain, serialized at once), so the HTML comes back as it was, behind a doctype.
    const html = await transformHtmlStringWithRouter(router, await new Response(prelude).text())
    if (!html.startsWith(DOCTYPE)) throw new Error('The router must hand the rendered page back whole')
    return html.slice(DOCTYPE.length)
  } finally {
    router.serverSsr?.cleanup()
    // Queries keep a garbage-collection timer of the cache's lifetime, days long, which would hold the
    // process open: the page is made, the cache goes.
    queryClient.clear()
  }
}

export { setApiTransport } from '@/lib/api-client'

let rendering: Promise<unknown> = Promise.resolve()

/**
 * The screen at `url` in `language`, or null when it is not one to send rendered: not found, its data
 * refused or unreachable, or a part of it that failed to render (the browser then renders it itself). One
 * render at a time: the messages are Lingui's one active catalog, which a render switches to its language.
 */
export function renderPage(url: string, language: Language): Promise<string | null> {
  const next = rendering.then(() => renderRoute(url, language))
  rendering = next.catch(() => undefined)
  return next
}

/** What a public page says of itself before any script runs: its title and description. */
export interface PageHead {
  title: string
  description: string
}

/** Each feature's page-heads.ts: its public screens' headings and leads, by export (`head` in feature.ts). */
const PAGE_HEADS = import.meta.glob<Record<string, { title: MessageDescriptor; lead: MessageDescriptor }>>(
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the modules' pattern, not copy
  '../features/*/page-heads.ts',
  { eager: true },
)

/** Each public screen's heading and lead (as its screen shows them), by path. */
const publicScreens = () =>
  SCREENS.flatMap((screen) => {
    if (!screen.head) return []
    const head = PAGE_HEADS[`../features/${screen.feature.name}/page-heads.ts`]?.[screen.head]
    if (!head) throw new Error(`src/features/${screen.feature.name}/page-heads.ts must export ${screen.head}`)
    return [{ path: screen.path, head, catalogs: screen.catalogs }]
  })

/**
 * The title ("Search · Haven", as the tab says once the screen shows; the home page's is the app's name
 * alone, as src/app/layout/page-announcer.ts writes it) and description of every public page but a
 * property's (its own data), in `language`: the server answers those pages with them (server/pages/).
 */
export async function publicPageHeads(language: Language): Promise<Record<string, PageHead>> {
  await loadLocale(language)
  const screens = publicScreens()
  await loadCatalogs([...new Set(screens.flatMap((screen) => screen.catalogs))])
  return Object.fromEntries(
    screens.map(({ path, head }) => [
      path,
      {
        title: path === '/' ? APP_NAME : `${i18n._(head.title)} · ${APP_NAME}`,
        description: i18n._(head.lead),
      },
    ]),
  )
}
