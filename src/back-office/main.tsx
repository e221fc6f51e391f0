// The back office's entry (admin.html, built apart from the renter's app: vite.config.ts): the staff's
// application under /admin (docs/architecture.md, The back office). No service worker, no persisted cache:
// what it reads is the server's, read again on each visit.
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
}

void start()
