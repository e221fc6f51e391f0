// The signed-in user's menu (name, avatar, Bookings, Notifications, Settings, Sign out), and the drawer's
// version of it. Its own chunk: Mantine's Menu brings Popover, floating-ui and a focus trap, which a
// visitor's first load does not need.
import { Avatar, Button, Menu, Stack, Text, UnstyledButton } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'

import { avatarSource } from '@/domain/avatar'
import { type SessionUser, signOut, useSessionUser } from '@/lib/session'

import classes from './header.module.css'

/** docs/product.md §7 sign-out, then home. */
function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async () => {
    await signOut(queryClient)
    await navigate({ to: '/' })
  }
}

function UserAvatar({ user, size = 30 }: { user: SessionUser; size?: number }) {
  return (
    <Avatar src={avatarSource(user.avatar)} size={size} radius="xl" color="petrol" alt="">
      {user.fullName?.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  )
}

export default function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useLingui()
  const onSignOut = useSignOut()
  const name = user.fullName
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t`Account menu of ${name}`}
          style={{ display: 'flex', alignItems: 'center', gap: 8 }}
        >
          <UserAvatar user={user} />
          <Text size="sm" fw={600} maw={140} truncate="end">
            {user.fullName}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/bookings">
          <Trans>Bookings</Trans>
        </Menu.Item>
        <Menu.Item component={Link} to="/notifications">
          <Trans>Notifications</Trans>
        </Menu.Item>
        <Menu.Item component={Link} to="/settings">
          <Trans>Settings</Trans>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void onSignOut()}>
          <Trans>Sign out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

/** The drawer's version (phones): the same entries as plain links. */
export function AccountLinks() {
  const user = useSessionUser()
  const onSignOut = useSignOut()
  if (!user) {
    return (
      <Button component={Link} to="/sign-in" fullWidth>
        <Trans>Sign in</Trans>
      </Button>
    )
  }
  return (
    <Stack gap={2}>
      <Stack gap={8} px={14} py={8} style={{ flexDirection: 'row', alignItems: 'center' }}>
        <UserAvatar user={user} size={36} />
        <Text fw={700} truncate="end">
          {user.fullName}
        </Text>
      </Stack>
      <Link to="/notifications" className={classes.drawerLink}>
        <Trans>Notifications</Trans>
      </Link>
      <Link to="/settings" className={classes.drawerLink}>
        <Trans>Settings</Trans>
      </Link>
      <Button variant="light" color="red" mt="xs" fullWidth onClick={() => void onSignOut()}>
        <Trans>Sign out</Trans>
      </Button>
    </Stack>
  )
}
