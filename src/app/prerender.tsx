// The server-side entry of the build: renders the home page's shell (header, hero with its search, the
// sections' placeholders, footer) to HTML, once per language, so the page paints before any script runs.
// The client hydrates that HTML (main.tsx); both render the same tree from the same state, a visitor with
// no data yet, so React takes it over without a mismatch.
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { createMemoryHistory } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { prerender } from 'react-dom/static'

import type { Language } from '@/domain/enums'
import { AGENCIES_HEAD, DESTINATIONS_HEAD, SEARCH_HEAD } from '@/features/catalog/page-heads'
import {
  ABOUT_HEAD,
  CONTACT_HEAD,
  COOKIE_POLICY_HEAD,
  PRIVACY_HEAD,
  TOS_HEAD,
} from '@/features/info/page-heads'
import { loadFeatureCatalog, loadLocale } from '@/i18n/catalogs'
import { APP_NAME } from '@/lib/brand'
import { createQueryClient } from '@/lib/query-client'

import { App } from './app'
import { createAppRouter } from './router'

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

/** The home page in one language. */
export async function renderHome(language: Language): Promise<PrerenderedPage> {
  // The shell's messages now; the home screen's come with its component when the router loads it.
  await loadLocale(language)
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: ['/'] }))
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
      // by an inline script (which neither a visitor without JavaScript nor the CSP would run).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  )
  const html = await new Response(prelude).text()
  // Queries the render made (the header's unread counter) keep a garbage-collection timer of the cache's
  // lifetime, days long, which would hold the build process open: the page is made, the cache goes.
  queryClient.clear()
  // A part that failed would be left for the client to render: a flash, not a prerendered page.
  if (errors.length > 0) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a build failure, not copy
    throw new AggregateError(errors, `Prerendering the home page (${language}) failed`)
  }
  return { html, description: i18n._(DESCRIPTION), noScript: i18n._(NO_SCRIPT) }
}

/** What a public page says of itself before any script runs: its title and description. */
export interface PageHead {
  title: string
  description: string
}

/** Each public page's heading and lead (as its screen shows them), by path. */
const PUBLIC_SCREENS = {
  '/search': SEARCH_HEAD,
  '/agencies': AGENCIES_HEAD,
  '/destinations': DESTINATIONS_HEAD,
  '/about': ABOUT_HEAD,
  '/contact': CONTACT_HEAD,
  '/tos': TOS_HEAD,
  '/privacy': PRIVACY_HEAD,
  '/cookie-policy': COOKIE_POLICY_HEAD,
}

/**
 * The title ("Search · Haven", as the tab says once the screen shows) and description of every public page
 * but home (prerendered whole) and a property's (its own data), in `language`: the server answers those
 * pages with them (server/pages/).
 */
export async function publicPageHeads(language: Language): Promise<Record<string, PageHead>> {
  await loadLocale(language)
  await Promise.all([loadFeatureCatalog('catalog'), loadFeatureCatalog('info')])
  return Object.fromEntries(
    Object.entries(PUBLIC_SCREENS).map(([path, head]) => [
      path,
      { title: `${i18n._(head.title)} · ${APP_NAME}`, description: i18n._(head.lead) },
    ]),
  )
}
