// docs/product.md §7 on load: the stored user is validated with the server once per page load (the session
// store's `checkSessionOnLoad`); a failed check signs out locally and sends a guarded screen to sign-in. A
// blacklisted user stays loaded, marked as suspended.
import { Trans } from '@lingui/react/macro'
import { Container, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'

import { useSessionUser } from '@/entities/session/session'
import { checkSessionOnLoad } from '@/entities/session/session-lifecycle'
import { useRouteAccess } from '@/lib/route-access'

export function useSessionCheckOnLoad(): void {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    let mounted = true
    void checkSessionOnLoad(queryClient).then(async (result) => {
      // Guards run again: a screen that needs a user now sends the visitor to sign-in.
      if (mounted && result === 'invalid') await router.invalidate()
    })
    return () => {
      mounted = false
    }
  }, [queryClient, router])
}

export function SuspendedNotice() {
  return (
    <Container size="lg" pt="md">
      {/* Plain text rather than Mantine's Alert: this sits in every page's first load. */}
      <Text
        role="alert"
        fw={600}
        c="red.9"
        bg="red.0"
        px="md"
        py="sm"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Trans>Your account is suspended.</Trans>
      </Text>
    </Container>
  )
}

/** A suspended user sees the notice on every screen, and only the notice where a signed-in user is needed. */
export function SessionGate({ children }: { children: ReactNode }) {
  const user = useSessionUser()
  const access = useRouteAccess()
  if (!user?.blacklisted) return <>{children}</>
  return (
    <>
      <SuspendedNotice />
      {access === 'signed-in' ? null : children}
    </>
  )
}
