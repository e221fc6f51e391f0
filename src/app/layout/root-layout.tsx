import { Box } from '@mantine/core'
import { Outlet } from '@tanstack/react-router'

import { OfflineBanner } from '@/offline/offline-banner'

import { Footer } from './footer'
import { Header } from './header'
import { RouteProgress } from './route-progress'
import { SessionGate, useSessionCheckOnLoad } from './session-check'

/** The one layout of SPEC §2: progress bar, header, the screen, footer. */
export function RootLayout() {
  useSessionCheckOnLoad()
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <RouteProgress />
      <Header />
      <OfflineBanner />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <SessionGate>
          <Outlet />
        </SessionGate>
      </Box>
      <Footer />
    </Box>
  )
}
