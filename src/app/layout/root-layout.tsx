import { Trans } from '@lingui/react/macro'
import { Box } from '@mantine/core'
import { Outlet, Scripts } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { useDeviceFavourites } from '@/entities/favourite/device-favourites'
import { useSessionUser } from '@/entities/session/session'
import { loadCatalogs } from '@/i18n/catalogs'
import { OfflineBanner } from '@/offline/offline-banner'
import { useServiceWorkerState } from '@/offline/service-worker'

import { Footer } from './footer'
import { Header } from './header'
import { usePageAnnouncer } from './page-announcer'
import classes from './root-layout.module.css'
import { RouteProgress } from './route-progress'
import { SessionGate, useSessionCheckOnLoad } from './session-check'

// With the account texts it shows (src/i18n/catalogs.ts).
const ActivationBanner = lazy(() =>
  Promise.all([import('./activation-banner'), loadCatalogs(['account'])]).then(([module]) => module),
)
// The service worker's notices: their code loads only when there is something to say.
const ReloadPrompt = lazy(() =>
  import('@/offline/reload-prompt').then((module) => ({ default: module.ReloadPrompt })),
)

function ServiceWorkerNotice() {
  const { needRefresh, offlineReady } = useServiceWorkerState()
  if (!needRefresh && !offlineReady) return null
  return (
    <Suspense fallback={null}>
      <ReloadPrompt />
    </Suspense>
  )
}

/** "Activate your account…" for a signed-in user not activated yet; its own chunk, like the user menu. */
function ActivationNotice() {
  const user = useSessionUser()
  if (!user || user.activated !== false || user.blacklisted) return null
  return (
    <Suspense fallback={null}>
      <ActivationBanner />
    </Suspense>
  )
}

// With the saved places' messages.
const KeepSavedPlaces = lazy(() =>
  Promise.all([
    import('@/features/favourites/components/keep-saved-places'),
    loadCatalogs(['favourites']),
  ]).then(([module]) => ({ default: module.KeepSavedPlaces })),
)

/** After sign-in, the places saved on this device as a visitor: offered to the account. */
function SavedPlacesOffer() {
  const user = useSessionUser()
  const places = useDeviceFavourites()
  if (!user || user.blacklisted || places.length === 0) return null
  return (
    <Suspense fallback={null}>
      <KeepSavedPlaces userId={user._id} places={places} />
    </Suspense>
  )
}

/** The one layout of docs/product.md §4: progress bar, header, the screen, footer. */
export function RootLayout() {
  useSessionCheckOnLoad()
  usePageAnnouncer('main')
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className={classes.skipLink}>
        <Trans>Skip to main content</Trans>
      </a>
      <RouteProgress />
      <Header />
      <OfflineBanner />
      <ServiceWorkerNotice />
      <ActivationNotice />
      <SavedPlacesOffer />
      {/* At least a screen tall: the footer starts below the fold, so it never jumps into view and out again
          while a screen's content replaces its placeholder. */}
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <SessionGate>
          <Outlet />
        </SessionGate>
      </Box>
      <Footer />
      {/* On the server, the router's hydration scripts: its matches and the query cache they filled, which the
          browser's router reads as it takes the page over (src/main.tsx). Each removes itself as it runs,
          so the browser, which renders nothing here, finds nothing to match. */}
      {import.meta.env.SSR && <Scripts />}
    </Box>
  )
}
