import { Box } from '@mantine/core'
import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { useSessionUser } from '@/lib/session'

import { OfflineBanner } from '@/offline/offline-banner'

import { Footer } from './footer'
import { Header } from './header'
import { RouteProgress } from './route-progress'
import { SessionGate, useSessionCheckOnLoad } from './session-check'

const ActivationBanner = lazy(() => import('./activation-banner'))

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

/** The one layout of SPEC §2: progress bar, header, the screen, footer. */
export function RootLayout() {
  useSessionCheckOnLoad()
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <RouteProgress />
      <Header />
      <OfflineBanner />
      <ActivationNotice />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <SessionGate>
          <Outlet />
        </SessionGate>
      </Box>
      <Footer />
    </Box>
  )
}
