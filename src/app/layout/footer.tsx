import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import { APP_NAME } from '@/ui/brand'
import { LogoMark } from '@/ui/icons'

export function Footer() {
  const { t } = useLingui()
  const year = new Date().getFullYear()
  return (
    <Box component="footer" mt="xl" py="xl" bg="petrol.9" c="petrol.0">
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap={6} maw={320}>
            <Group gap={8}>
              <LogoMark size={24} />
              <Text fw={800} c="white">
                {APP_NAME}
              </Text>
            </Group>
            <Text size="sm" c="petrol.1">
              <Trans>Homes from trusted agencies, booked online in minutes, with you even offline.</Trans>
            </Text>
          </Stack>
          <Group component="nav" gap="lg" aria-label={t`Footer`}>
            <Anchor component={Link} to="/about" c="petrol.0" size="sm">
              <Trans>About Haven</Trans>
            </Anchor>
            <Anchor component={Link} to="/tos" c="petrol.0" size="sm">
              <Trans>Terms of Use</Trans>
            </Anchor>
            <Anchor component={Link} to="/privacy" c="petrol.0" size="sm">
              <Trans>Privacy</Trans>
            </Anchor>
            <Anchor component={Link} to="/cookie-policy" c="petrol.0" size="sm">
              <Trans>Cookie policy</Trans>
            </Anchor>
            <Anchor component={Link} to="/contact" c="petrol.0" size="sm">
              <Trans>Contact us</Trans>
            </Anchor>
          </Group>
        </Group>
        <Text size="xs" c="petrol.2" mt="lg">
          <Trans>© {year} Haven. All rights reserved.</Trans>
        </Text>
      </Container>
    </Box>
  )
}
