// The header's account entry: "Sign in" for a visitor, the user's menu (user-menu.tsx, loaded on demand)
// once signed in.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { useSessionUser } from '@/entities/session/session'
import { useSignInReturn } from '@/entities/session/sign-in-return'

const UserMenu = lazy(() => import('./user-menu'))

/** "Sign in" for a visitor; the user's menu once signed in. */
export function AccountMenu() {
  const user = useSessionUser()
  const signInReturn = useSignInReturn()
  if (!user) {
    return (
      <Button
        renderRoot={(props) => <Link to="/sign-in" search={signInReturn} {...props} />}
        size="compact-md"
        variant="filled"
      >
        <Trans>Sign in</Trans>
      </Button>
    )
  }
  return (
    <Suspense fallback={null}>
      <UserMenu user={user} />
    </Suspense>
  )
}
