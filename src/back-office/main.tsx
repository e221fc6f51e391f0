// The back office's entry (admin.html, built apart from the renter's app: vite.config.ts): the staff's
// application under /admin (docs/architecture.md, The back office). No persisted cache: what it reads is the
// server's, read again on each visit. Its service worker only shows pushes and answers their buttons.
import '@fontsource-variable/figtree'
import 'virtual:mantine-styles'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { activateLocale } from '@/i18n/activate'
import { BACK_OFFICE_CATALOG } from '@/i18n/catalog-names'
import { loadCatalogs } from '@/i18n/catalogs'
import { resolveInitialLocale } from '@/lib/chosen-language'
import { loadNumberData } from '@/lib/number-data'
import { createQueryClient } from '@/lib/query-client'

import { OfficeApp } from './office-app'
import { createOfficeRouter } from './router'

/**
 * The back office's worker (sw/back-office-sw.ts, built into dist/admin/sw.js), scoped to /admin, /admin itself
 * included: the installed app's and push's. The development server has none.
 */
function registerWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin' }).catch(() => {
    // Refused (some private windows): the account page's push switch says push cannot work here.
  })
}

async function start(): Promise<void> {
  const queryClient = createQueryClient()
  const router = createOfficeRouter(queryClient)
  const root = document.getElementById('root')
  if (!root) throw new Error('The page has no #root element.')
  const locale = resolveInitialLocale(window.location.search)
  await Promise.all([loadCatalogs([BACK_OFFICE_CATALOG]), activateLocale(locale)])
  await loadNumberData(locale)
  createRoot(root).render(
    <StrictMode>
      <OfficeApp queryClient={queryClient} router={router} />
    </StrictMode>,
  )
  registerWorker()
}

void start()
