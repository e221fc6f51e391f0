// Bootstrap order matters: online state first (a page reloaded offline must not fire its queue), then the
// query client and its mutation functions (before the persisted queue is restored), the locale's catalog
// (the first paint is in the right language), and only then the first render.
import '@fontsource-variable/figtree'
import '@mantine/core/styles.css'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { App } from '@/app/app'
import '@/app/mutations'
import { createAppRouter } from '@/app/router'
import { activateLocale } from '@/i18n/activate'
import { resolveInitialLocale } from '@/i18n/locale'
import { createQueryClient } from '@/lib/query-client'
import { registerMutationDefaults } from '@/offline/mutations'
import { trackOnlineState } from '@/offline/online'

const online = trackOnlineState()
const queryClient = createQueryClient({ onNetworkError: online.reportNetworkError })
registerMutationDefaults(queryClient)
const router = createAppRouter(queryClient)

await activateLocale(resolveInitialLocale(window.location.search))

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
)
