import { useLingui } from '@lingui/react/macro'
import { Box, Burger, Container, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'

import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { InstallButton } from '@/offline/install-prompt'
import { QueuedChanges } from '@/offline/queued-changes'
import { APP_NAME } from '@/ui/brand'
import { LogoMark } from '@/ui/icons'
import { ReadyFieldset } from '@/ui/ready-fieldset'

import { AccountMenu } from './account'
import { CurrencySelect } from './currency-select'
import classes from './header.module.css'
import { LanguageSwitch } from './language-switch'
import { NavLinks } from './nav-links'

// Phones only, and only once the burger is pressed: the drawer's modal machinery stays out of the first load.
const HeaderDrawer = lazy(() => import('./header-drawer'))

export function Header() {
  const { t } = useLingui()
  const [opened, { toggle, close }] = useDisclosure(false)
  const [drawerLoaded, setDrawerLoaded] = useState(false)
  const onBurger = () => {
    setDrawerLoaded(true)
    toggle()
  }
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
            {/* In the prerendered home and the rendered screens, off until React has taken the page over. */}
            <ReadyFieldset layout="contents">
              <QueuedChanges />
              <Group gap="xs" wrap="nowrap" visibleFrom="md">
                <InstallButton />
                <LanguageSwitch />
                <CurrencySelect />
                <AccountMenu />
              </Group>
              <NotificationBell />
              <Burger
                opened={opened}
                onClick={onBurger}
                hiddenFrom="md"
                size="sm"
                aria-label={opened ? t`Close menu` : t`Open menu`}
                aria-expanded={opened}
              />
            </ReadyFieldset>
          </Group>
        </Group>
      </Container>
      {drawerLoaded ? (
        <Suspense fallback={null}>
          <HeaderDrawer opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </Box>
  )
}
