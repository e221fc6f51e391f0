// The back office's not-found, error and pending screens.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'

import { OFFICE_HOME } from '@/entities/staff/office-routes'
import { NetworkError } from '@/lib/api-client'
import { HrefLink } from '@/ui/href-link'

export function OfficeNotFoundPage() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>
          <Trans>Nothing to see here!</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>This page of the back office does not exist, or it has moved.</Trans>
        </Text>
        <Button component={HrefLink} href={OFFICE_HOME}>
          <Trans>Back to the back office</Trans>
        </Button>
      </Stack>
    </Container>
  )
}

export function OfficeErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1}>
          {error instanceof NetworkError ? (
            <Trans>The server cannot be reached.</Trans>
          ) : (
            <Trans>An unhandled error occurred.</Trans>
          )}
        </Title>
        <Group>
          <Button onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Stack>
    </Container>
  )
}

export function OfficePendingPage() {
  const { t } = useLingui()
  return (
    <Center py={96}>
      <Loader type="dots" aria-label={t`Loading`} />
    </Center>
  )
}
