// SPEC §4 on load: the stored user is validated with the server once per page load; a failed check signs
// out locally and sends a guarded screen to sign-in. A blacklisted user stays loaded, marked as suspended.
import { Alert, Container } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'

import { useSessionUser, validateStoredSession } from '@/lib/session'

import { isGuardedPath } from '../guards'

let checked: Promise<unknown> | null = null

/** Validates the stored session once per page load (and not twice under StrictMode's double effects). */
export function useSessionCheckOnLoad(): void {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    if (checked) return
    checked = validateStoredSession(queryClient).then(async (result) => {
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
      <Alert color="red" variant="light" role="alert">
        <Trans>Your account is suspended.</Trans>
      </Alert>
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
