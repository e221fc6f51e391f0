// The line under the sign-in and sign-up forms that leads to the other one, keeping where the visitor goes
// once signed in.
import { Trans } from '@lingui/react/macro'
import { Anchor, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ComponentProps } from 'react'

export function SignInOrUpLink({ to, redirect }: { to: '/sign-in' | '/sign-up'; redirect?: string }) {
  const link = (props: ComponentProps<'a'>) => <Link to={to} search={{ redirect }} {...props} />
  return (
    <Text size="sm" ta="center">
      {to === '/sign-up' ? (
        <Trans>
          No account yet? <Anchor renderRoot={link}>Sign up</Anchor>
        </Trans>
      ) : (
        <Trans>
          Already have an account? <Anchor renderRoot={link}>Sign in</Anchor>
        </Trans>
      )}
    </Text>
  )
}
