// Bootstrap order matters: online state first (a page reloaded offline must not fire its outbox), then the
// query client and its outbox (before the persisted cache is restored), the locale's catalog
// (the first paint is in the right language), and only then the first render.
//
// This module's top level only declares: everything runs in start(), after the browser's turn. A tool that
// records stacks (DevTools, Playwright) has V8 parse a function again for its source positions whenever that
// function is on the stack as an Error is created or a request starts (a style change too, while a trace
// records stacks): work done here, in the entry's evaluation, would have the whole entry (about 300 KB)
// parsed again inside that one task.
import '@fontsource-variable/figtree'
import 'virtual:mantine-styles'

import type { QueryClient } from '@tanstack/react-query'
import { hydrate } from '@tanstack/react-router/ssr/client'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

import { App } from '@/app/app'
import { runScreenChunksInSlices } from '@/app/prerendered'
import { createAppRouter, keepScrollOnFirstRender } from '@/app/router'
import { isLanguage } from '@/domain/enums'
import { renderedAddress } from '@/domain/rendered-address'
import { readSessionUser } from '@/entities/session/session'
import { activateLocale } from '@/i18n/activate'
import { resolveInitialLocale } from '@/lib/chosen-language'
import { loadNumberData } from '@/lib/number-data'
import { createQueryClient } from '@/lib/query-client'
import { yieldToBrowser } from '@/lib/yield-to-browser'
import { trackOnlineState } from '@/offline/online'
import { startOutbox } from '@/offline/outbox'
import { registerServiceWorker } from '@/offline/service-worker'

// Not top-level awaits: the route chunks import this module's code, and a dynamic import waiting for a
// module that is itself still waiting (on that import) never settles.
async function start(): Promise<void> {
  // The entry's evaluation (React, Mantine, the router's code) was a task of its own: the browser gets its
  // turn before anything runs.
  await yieldToBrowser()
  // A rendered page holds the CSS its first screen needs; the full stylesheet waits as `print`
  // (server/pages/critical-css.ts) so that it does not delay that paint. Now is the time for it.
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][media="print"]')) {
    link.media = 'all'
  }
  const online = trackOnlineState()
  const queryClient = createQueryClient({ onNetworkError: online.reportNetworkError })
  // The kinds of command are loaded only to send what a page before this one left (a button's own kind comes
  // with its screen): a first visit loads none.
  const outboxCommands = () =>
    import('@/app/outbox-commands').then(({ loadOutboxCommands }) => loadOutboxCommands())
  startOutbox(queryClient, outboxCommands, { onNetworkError: online.reportNetworkError })
  // Building the router (its routes, the history, the first location's match) is a task of its own too.
  await yieldToBrowser()
  const router = createAppRouter(queryClient)
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element.')
  const locale = resolveInitialLocale(
    window.location.search,
    readSessionUser()?.language ?? null,
    root.dataset.prerendered ?? null,
  )
  await activateLocale(locale)
  await loadNumberData(locale)

  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  )
  // The server sends every public screen rendered (server/pages/), in the language it guessed from the request,
  // with the router's hydration scripts (src/app/prerender.tsx). When that is the language and the screen this
  // visitor gets, the router takes over the matches and the data the page was made from, and React the HTML
  // as it is; otherwise (another screen, a language only this device knew) it renders afresh.
  if (root.dataset.prerendered === locale && sameScreen(root.dataset.url, root.dataset.reads)) {
    await runScreenChunksInSlices()
    await hydrate(router)
    keepScrollOnFirstRender()
    // As a transition, React hydrates in slices and lets the browser answer input in between, instead of
    // one long task: the page is already on screen.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          // A mismatch means the rendered page and the app disagree: tests read this to catch it.
          console.error('Hydration of the rendered page failed:', error)
        },
      })
    })
  } else {
    createRoot(root).render(app)
  }
  adoptLinkLanguage(queryClient)
  // Only the built app has a service worker (vite-plugin-pwa writes it at build time).
  if (import.meta.env.PROD) void registerServiceWorker()
}

/**
 * Whether this address shows the screen the server rendered at `rendered`: the same path and values of the
 * parameters its screen reads (`reads`). The language (`l`) is compared apart: a page is one screen in every
 * language, and the service worker answers `/` with the home page it keeps for each (`/?l=fr`).
 */
function sameScreen(rendered: string | undefined, reads: string | undefined): boolean {
  if (rendered === undefined) return false
  const read = (reads ?? '').split(' ').filter((name) => name && name !== 'l')
  const { pathname, search } = window.location
  return renderedAddress(pathname + search, read) === renderedAddress(rendered, read)
}

/**
 * A signed-in user who opens a link with `?l=` chose that language, as a visitor does (resolveInitialLocale
 * remembers a visitor's): it becomes their account's, through the outbox, like the header's switch.
 */
function adoptLinkLanguage(queryClient: QueryClient): void {
  const asked = new URLSearchParams(window.location.search).get('l')
  const user = readSessionUser()
  if (!user || !isLanguage(asked) || asked === user.language) return
  import('@/features/settings/user-mutation-hooks')
    .then(({ changeUserLanguage }) => changeUserLanguage(queryClient, { id: user._id, language: asked }))
    .catch(() => {
      // Refused (told by the outbox's toast) or its code could not load: this page keeps the language asked.
    })
}

void start()
