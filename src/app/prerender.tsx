// The server-side entry of the build: renders the home page's shell (header, hero with its search, the
// sections' placeholders, footer) to HTML, once per language, so the page paints before any script runs.
// The client hydrates that HTML (main.tsx); both render the same tree from the same state, a visitor with
// no data yet, so React takes it over without a mismatch.
import { i18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { dehydrate, type DehydratedState } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'

import type { Language } from '@/domain/enums'
import { SCREENS } from '@/features/declarations'
import { loadCatalogs, loadLocale } from '@/i18n/catalogs'
import { createQueryClient } from '@/lib/query-client'
import { APP_NAME } from '@/ui/brand'

import { App } from './app'
import { createAppRouter, rootRoute } from './router'

const DESCRIPTION = msg`Haven: find, book and manage rental properties from trusted agencies, even offline.`
const NO_SCRIPT = msg`Haven needs JavaScript to search and book. Please enable it in your browser.`

export interface PrerenderedPage {
  /** What goes inside `#root`. */
  html: string
  /** The page's `<meta name="description">`, in its language. */
  description: string
  /** What a browser without JavaScript shows above the page, in its language. */
  noScript: string
}

/**
 * The screen at `url` (a path and its query) rendered to HTML in `language`, its route's loaders run first
 * (their reads go through the API as in the browser: setApiTransport), and the query cache they filled.
 */
async function renderRoute(url: string, language: Language) {
  await loadLocale(language)
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))
  // On a server the router writes its scroll-restoration script into the page; the browser's router keeps
  // scroll positions itself, and the page must carry no inline script.
  router.update({ ...router.options, scrollRestoration: false })
  await router.load()
  const errors: unknown[] = []
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // One document, no streaming: React would otherwise move large parts out of place, to be put back
      // by an inline script (which neither a visitor without JavaScript nor the CSP would run). The route's
      // data is read before the render starts, so nothing would stream later anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  )
  const html = await new Response(prelude).text()
  const leaf = router.state.matches.at(-1)
  const found = leaf !== undefined && leaf.routeId !== rootRoute.id && leaf.status === 'success'
  // Only answers: a read that failed or is still running is the browser's to make again.
  const data = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' })
  // Queries keep a garbage-collection timer of the cache's lifetime, days long, which would hold the process
  // (the build) open: the page is made, the cache goes.
  queryClient.clear()
  return { html, errors, found, data }
}

/** The home page in one language. */
export async function renderHome(language: Language): Promise<PrerenderedPage> {
  const { html, errors } = await renderRoute('/', language)
  // A part that failed would be left for the client to render: a flash, not a prerendered page.
  if (errors.length > 0) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a build failure, not copy
    throw new AggregateError(errors, `Prerendering the home page (${language}) failed`)
  }
  return { html, description: i18n._(DESCRIPTION), noScript: i18n._(NO_SCRIPT) }
}

export { setApiTransport } from '@/lib/api-client'

/** A catalog screen rendered by the server for one request (server/pages/render.ts). */
export interface RenderedPage {
  /** What goes inside `#root`. */
  html: string
  /** The query cache the route's loaders filled, for the browser to start from (src/main.tsx). */
  data: DehydratedState
}

let rendering: Promise<unknown> = Promise.resolve()

/**
 * The screen at `url` in `language`, or null when it is not one to send rendered: not found, its data
 * refused or unreachable, or a part of it that failed to render (the browser then renders it itself). One
 * render at a time: the messages are Lingui's one active catalog, which a render switches to its language.
 */
export function renderPage(url: string, language: Language): Promise<RenderedPage | null> {
  const next = rendering.then(async () => {
    const { html, errors, found, data } = await renderRoute(url, language)
    return found && errors.length === 0 ? { html, data } : null
  })
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
 * The title ("Search · Haven", as the tab says once the screen shows) and description of every public page
 * but home (prerendered whole) and a property's (its own data), in `language`: the server answers those
 * pages with them (server/pages/).
 */
export async function publicPageHeads(language: Language): Promise<Record<string, PageHead>> {
  await loadLocale(language)
  const screens = publicScreens()
  await loadCatalogs([...new Set(screens.flatMap((screen) => screen.catalogs))])
  return Object.fromEntries(
    screens.map(({ path, head }) => [
      path,
      { title: `${i18n._(head.title)} · ${APP_NAME}`, description: i18n._(head.lead) },
    ]),
  )
}
