import { Trans } from '@lingui/react/macro'
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'

import { NetworkError } from '@/lib/api-client'

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = error instanceof NetworkError
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1}>
          {offline ? (
            <Trans>This page is not available offline</Trans>
          ) : (
            <Trans>An unhandled error occurred.</Trans>
          )}
        </Title>
        <Text c="dimmed">
          {offline ? (
            <Trans>It has not been saved on this device yet. Try again once you are back online.</Trans>
          ) : (
            <Trans>Please try again. If the problem persists, contact us.</Trans>
          )}
        </Text>
        <Group>
          <Button onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="default" onClick={() => void router.navigate({ to: '/' })}>
            <Trans>Home</Trans>
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}
