import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'

import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { APP_NAME } from '@/lib/brand'
import { LogoMark } from '@/lib/icons'
import { InstallButton } from '@/offline/install-prompt'
import { QueuedChanges } from '@/offline/queued-changes'

import { CurrencySelect } from './currency-select'
import classes from './header.module.css'
import { LanguageSwitch } from './language-switch'

function NavLinks({ className }: { className?: string }) {
  return (
    <>
      <Link to="/search" className={className}>
        <Trans>Search</Trans>
      </Link>
      <Link to="/destinations" className={className}>
        <Trans>Destinations</Trans>
      </Link>
      <Link to="/agencies" className={className}>
        <Trans>Agencies</Trans>
      </Link>
      <Link to="/bookings" className={className}>
        <Trans>Bookings</Trans>
      </Link>
    </>
  )
}

export function Header() {
  const { t } = useLingui()
  const [opened, { toggle, close }] = useDisclosure(false)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // Following a link from the drawer lands on the new screen with the drawer closed.
  useEffect(() => close(), [pathname, close])

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xl" wrap="nowrap">
            <Link to="/" className={classes.brand} aria-label={t`Haven, home`}>
              <LogoMark size={32} />
              <span>{APP_NAME}</span>
            </Link>
            <Group component="nav" gap={4} visibleFrom="md" aria-label={t`Main`}>
              <NavLinks className={classes.link} />
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <QueuedChanges />
            <Group gap="xs" wrap="nowrap" visibleFrom="md">
              <InstallButton />
              <LanguageSwitch />
              <CurrencySelect />
              <Button component={Link} to="/sign-in" size="compact-md" variant="filled">
                <Trans>Sign in</Trans>
              </Button>
            </Group>
            <NotificationBell />
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t`Close menu` : t`Open menu`}
              aria-expanded={opened}
            />
          </Group>
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={close}
        hiddenFrom="md"
        position="right"
        size="xs"
        title={
          <Text fw={800} c="petrol.9">
            {APP_NAME}
          </Text>
        }
        closeButtonProps={{ 'aria-label': t`Close menu` }}
      >
        <Stack gap="md">
          <Stack component="nav" gap={2} aria-label={t`Main`}>
            <NavLinks className={classes.drawerLink} />
          </Stack>
          <Divider />
          <Button component={Link} to="/sign-in" fullWidth>
            <Trans>Sign in</Trans>
          </Button>
          <InstallButton fullWidth />
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              <Trans>Language</Trans>
            </Text>
            <LanguageSwitch />
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600}>
              <Trans>Currency</Trans>
            </Text>
            <CurrencySelect />
          </Group>
        </Stack>
      </Drawer>
    </Box>
  )
}
