// docs/product.md §7 on load: the stored user is validated with the server once per page load; a failed check
// signs out locally and sends a guarded screen to sign-in. A blacklisted user stays loaded, marked as
// suspended.
import { Container, Text } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'

import { readSessionUser, useSessionUser } from '@/lib/session'

import { isGuardedPath } from '../guards'

let checked: Promise<unknown> | null = null

/** Validates the stored session once per page load (and not twice under StrictMode's double effects). */
export function useSessionCheckOnLoad(): void {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    if (checked) return
    // Only a user stored before this page loaded is checked; one who signs in later was just checked by it.
    if (!readSessionUser()) {
      checked = Promise.resolve()
      return
    }
    checked = import('@/lib/session-actions')
      .then(({ validateStoredSession }) => validateStoredSession(queryClient))
      .then(async (result) => {
        // Guards run again: a screen that needs a user now sends the visitor to sign-in.
        if (result === 'invalid') await router.invalidate()
      })
  }, [queryClient, router])
}

/** For tests: the next mount validates again, as a new page load would. */
export function resetSessionCheck(): void {
  checked = null
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
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  if (!user?.blacklisted) return <>{children}</>
  return (
    <>
      <SuspendedNotice />
      {isGuardedPath(pathname) ? null : children}
    </>
  )
}
