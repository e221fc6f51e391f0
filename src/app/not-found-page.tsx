import { Trans } from '@lingui/react/macro'
import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'

export function NotFoundPage() {
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={72} fw={800} c="petrol.2" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>
          <Trans>Nothing to see here!</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>The page you are looking for does not exist, or it has moved.</Trans>
        </Text>
        <Button component={Link} to="/">
          <Trans>Back to the home page</Trans>
        </Button>
      </Stack>
    </Container>
  )
}
