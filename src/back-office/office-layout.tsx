// The back office's frame: a header with the signed-in agency's or administrator's name, the language switch
// and sign-out; its navigation beside the page on a desktop, behind a menu button on a phone. Before sign-in,
// only the header's brand and language switch.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  AppShell,
  Badge,
  Burger,
  Button,
  Group,
  NavLink,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router'

import { updateLanguage } from '@/contract/routes'
import { isLanguage, LANGUAGES } from '@/domain/enums'
import { ADMIN_HOME, homeOf, OFFICE_HOME, OFFICE_SIGN_IN } from '@/entities/staff/office-routes'
import { signOutStaff, staffSessionQueryOptions, type StaffUser } from '@/entities/staff/staff-session'
import { officeCounterQueryOptions } from '@/features/office-notifications/api'
import { useLanguage } from '@/i18n/language'
import { call } from '@/lib/api-client'
import { switchLanguage } from '@/lib/chosen-language'
import { useRenewedPush } from '@/lib/renewed-push'
import { APP_NAME } from '@/ui/brand'
import { HrefLink } from '@/ui/href-link'

function LanguageSwitch({ user }: { user: StaffUser | null }) {
  const { t } = useLingui()
  const language = useLanguage()
  const change = (value: string) => {
    if (!isLanguage(value) || value === language) return
    void switchLanguage(value)
    // The account's language is the one its e-mails are written in.
    if (user) call(updateLanguage, { body: { id: user._id, language: value } }).catch(() => undefined)
  }
  return (
    <Group role="group" aria-label={t`Language`} gap={2} wrap="nowrap">
      {LANGUAGES.map((option) => (
        <Button
          key={option}
          lang={option}
          size="compact-sm"
          variant={option === language ? 'filled' : 'subtle'}
          aria-pressed={option === language}
          onClick={() => change(option)}
        >
          {option.toUpperCase()}
        </Button>
      ))}
    </Group>
  )
}

/** The back office's pages, as the navigation lists them: the administration's for an administrator only. */
function Navigation({ user, onNavigate }: { user: StaffUser; onNavigate: () => void }) {
  const { t } = useLingui()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const { data: counter } = useQuery(officeCounterQueryOptions(user._id))
  const unread = counter?.count ?? 0
  const items = [
    ...(user.type === 'ADMIN' ? [{ href: ADMIN_HOME, label: t`At a glance` }] : []),
    { href: OFFICE_HOME, label: t`Bookings` },
    { href: '/admin/properties', label: t`Properties` },
    { href: '/admin/calendar', label: t`Calendar` },
    {
      href: '/admin/notifications',
      label: t`Notifications`,
      badge: unread,
      // The badge is a picture of the count: a screen reader hears it in the link's name, written in the
      // link's content rather than an aria-label that the visible words would not match.
      name: unread > 0 ? t`Notifications (unread: ${unread})` : undefined,
    },
    ...(user.type === 'ADMIN'
      ? [
          { href: '/admin/users', label: t`Users` },
          { href: '/admin/agencies', label: t`Agencies` },
          { href: '/admin/places', label: t`Places` },
        ]
      : []),
    { href: '/admin/account', label: t`Account` },
  ]
  return (
    <nav aria-label={t`Back office`}>
      {items.map(({ href, label, badge, name }) => {
        // A booking's page is under the inbox; a page under another's path (a property's form) is that one's.
        const active =
          pathname === href ||
          (href === OFFICE_HOME ? pathname.startsWith('/admin/bookings/') : pathname.startsWith(`${href}/`))
        return (
          <NavLink
            key={href}
            component={HrefLink}
            href={href}
            label={
              name ? (
                <>
                  <span aria-hidden>{label}</span>
                  <VisuallyHidden>{name}</VisuallyHidden>
                </>
              ) : (
                label
              )
            }
            rightSection={
              badge ? (
                <Badge size="sm" color="red.9" aria-hidden>
                  {badge}
                </Badge>
              ) : undefined
            }
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        )
      })}
    </nav>
  )
}

export function OfficeLayout() {
  const { t } = useLingui()
  const [opened, { toggle, close }] = useDisclosure(false)
  const queryClient = useQueryClient()
  const router = useRouter()
  // Read by the root's guard before any page that needs it; a visitor's pages show no navigation.
  const { data: user = null } = useQuery(staffSessionQueryOptions())
  useRenewedPush(user?._id ?? null)
  const signOut = async () => {
    close()
    await signOutStaff(queryClient)
    await router.navigate({ href: OFFICE_SIGN_IN, replace: true })
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={user ? { width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding={0}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {user ? (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t`Close the menu` : t`Open the menu`}
                aria-expanded={opened}
              />
            ) : null}
            <UnstyledButton component={HrefLink} href={user ? homeOf(user) : OFFICE_SIGN_IN}>
              <Group gap={4} wrap="nowrap">
                <Text fw={800} c="petrol.7">
                  {APP_NAME}
                </Text>
                {/* A phone keeps the header's room for the agency's name. */}
                <Text fw={800} c="petrol.7" visibleFrom={user ? 'sm' : undefined}>
                  <Trans>Back office</Trans>
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap" miw={0}>
            {user ? (
              <Text size="sm" fw={600} truncate miw={0} maw={{ base: 150, sm: 320 }} data-testid="staff-name">
                {user.fullName}
              </Text>
            ) : null}
            <LanguageSwitch user={user} />
            {user ? (
              <Button variant="default" size="compact-sm" onClick={() => void signOut()} visibleFrom="sm">
                <Trans>Sign out</Trans>
              </Button>
            ) : null}
          </Group>
        </Group>
      </AppShell.Header>
      {user ? (
        <AppShell.Navbar p="xs">
          <Navigation user={user} onNavigate={close} />
          <Button variant="default" mt="md" hiddenFrom="sm" onClick={() => void signOut()}>
            <Trans>Sign out</Trans>
          </Button>
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  )
}
