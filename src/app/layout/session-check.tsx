// docs/product.md §7 on load: the stored user is validated with the server once per page load (the session
// store's `checkSessionOnLoad`), and again whenever a call is answered 401; a failed check signs out locally
// and sends a guarded screen to sign-in. A blacklisted user stays loaded, marked as suspended.
import { Trans } from '@lingui/react/macro'
import { Container, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'

import { useSessionUser } from '@/entities/session/session'
import { checkSessionOnLoad, watchSessionRefusals } from '@/entities/session/session-lifecycle'
import { useRouteAccess } from '@/lib/route-access'

export function useSessionCheckOnLoad(): void {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    // Guards run again: a screen that needs a user now sends the visitor to sign-in. Whatever this layout's
    // fate: the sign-out itself remounts it (the providers are keyed by the user), and the router stays.
    const signedOut = () => void router.invalidate()
    void checkSessionOnLoad(queryClient).then((result) => {
      if (result === 'invalid') signedOut()
    })
    // Between page loads, a call answered 401 asks the verdict again (an administrator's suspension).
    return watchSessionRefusals(queryClient, signedOut)
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
