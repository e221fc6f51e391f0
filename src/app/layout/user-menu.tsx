// The signed-in user's menu (name, avatar, Bookings, Notifications, Settings, Sign out), and the drawer's
// version of it. Its own chunk: Mantine's Menu brings Popover, floating-ui and a focus trap, which a
// visitor's first load does not need.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Button, Group, Menu, Modal, Stack, Text, UnstyledButton } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'

import { avatarSource } from '@/domain/avatar'
import { type SessionUser, useSessionUser } from '@/entities/session/session'
import { signOut } from '@/entities/session/session-lifecycle'
import { useSignInReturn } from '@/entities/session/sign-in-return'
import { useWaitingCommands } from '@/offline/outbox'

import classes from './header.module.css'

/**
 * docs/product.md §7 sign-out, then home. Sign-out deletes the changes still waiting for the server
 * (docs/architecture.md, Sign-out purge): with some queued, the user is asked first.
 */
function useSignOut(): { requestSignOut: () => void; confirmation: ReactNode } {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const waiting = useWaitingCommands()
  const [asking, setAsking] = useState(false)
  const signOutNow = async () => {
    setAsking(false)
    await signOut(queryClient)
    await navigate({ to: '/' })
  }
  const confirmation = (
    <Modal
      opened={asking && waiting > 0}
      onClose={() => setAsking(false)}
      title={<Trans>Sign out with changes waiting?</Trans>}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          <Plural
            value={waiting}
            one="# change made on this device has not reached the server yet. Signing out deletes it from this device."
            other="# changes made on this device have not reached the server yet. Signing out deletes them from this device."
          />
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            <Trans>Stay signed in</Trans>
          </Button>
          <Button color="red" onClick={() => void signOutNow()}>
            <Trans>Sign out anyway</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
  return {
    requestSignOut: () => (waiting > 0 ? setAsking(true) : void signOutNow()),
    confirmation,
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
  const { requestSignOut, confirmation } = useSignOut()
  const name = user.fullName
  return (
    <>
      {confirmation}
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
          <Menu.Item color="red" onClick={requestSignOut}>
            <Trans>Sign out</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  )
}

/** The drawer's version (phones): the same entries as plain links. */
export function AccountLinks() {
  const user = useSessionUser()
  const { requestSignOut, confirmation } = useSignOut()
  const signInReturn = useSignInReturn()
  if (!user) {
    return (
      <Button renderRoot={(props) => <Link to="/sign-in" search={signInReturn} {...props} />} fullWidth>
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
      <Button variant="light" color="red" mt="xs" fullWidth onClick={requestSignOut}>
        <Trans>Sign out</Trans>
      </Button>
      {confirmation}
    </Stack>
  )
}
