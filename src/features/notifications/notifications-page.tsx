// The user's notifications (/notifications, docs/product.md §12): newest first, 30 a page, more as the end
// of the list comes near, unread ones marked. One, several or all loaded ones can be selected, then marked
// read or unread, or deleted after a confirmation; each change shows at once and waits in the offline queue
// when there is no connection. Opening a notification marks it read and goes to its booking. The pages are
// persisted, so the list reads offline too.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import type { Notification } from '@/contract/notifications'
import { useSessionUserId } from '@/entities/session/session'
import { useLanguage } from '@/i18n/language'
import { formatMoment } from '@/lib/day'
import { hasNoItems, QueryState } from '@/offline/query-state'
import { LastUpdated, type SavedCopy } from '@/offline/read-state'
import { useLoadMoreOnScroll } from '@/ui/infinite-scroll'
import { ListSkeleton } from '@/ui/load-error'
import { Screen } from '@/ui/screen'

import { notificationsInfiniteQueryOptions } from './api'
import {
  type NotificationChange,
  useChangeNotifications,
  useNotificationsWithPendingWrites,
} from './notification-mutation-hooks'

function NotificationRow({
  notification,
  selected,
  onSelect,
  onOpen,
}: {
  notification: Notification
  selected: boolean
  onSelect: (selected: boolean) => void
  onOpen: () => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const when = formatMoment(notification.createdAt, language)
  const unread = !notification.isRead
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
      data-testid="notification"
      data-unread={unread || undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Checkbox
          mt={4}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          aria-label={t`Select: ${notification.message}`}
        />
        <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }}>
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {unread ? (
                <Box
                  aria-hidden
                  mt={7}
                  w={8}
                  h={8}
                  bg="amber.9"
                  style={{ borderRadius: '50%', flexShrink: 0 }}
                />
              ) : null}
              <Text fw={unread ? 700 : 400}>
                {unread ? <VisuallyHidden>{t`Unread:`} </VisuallyHidden> : null}
                {notification.message}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {when}
            </Text>
          </Stack>
        </UnstyledButton>
      </Group>
    </Paper>
  )
}

const useNotificationsQuery = (userId: string) => useInfiniteQuery(notificationsInfiniteQueryOptions(userId))

type NotificationsQuery = ReturnType<typeof useNotificationsQuery>

function NotificationList({ userId }: { userId: string }) {
  const query = useNotificationsQuery(userId)
  const changes = useChangeNotifications(userId)
  const pages = useNotificationsWithPendingWrites(userId, query.data)
  return (
    <QueryState
      query={query}
      data={pages}
      skeleton={<ListSkeleton count={4} height={72} />}
      error={{
        title: <Trans>Your notifications could not be loaded.</Trans>,
        offline: (
          <Trans>You seem to be offline, and these notifications were not saved on this device.</Trans>
        ),
      }}
      isEmpty={hasNoItems}
      empty={
        <Text fw={700} fz="lg" ta="center" py="xl">
          <Trans>You have no notification.</Trans>
        </Text>
      }
    >
      {(shown, saved) => (
        <Notifications
          query={query}
          items={shown.pages.flatMap((page) => page.items)}
          saved={saved}
          {...changes}
        />
      )}
    </QueryState>
  )
}

/** The loaded list, with its selection and what can be done to it. */
function Notifications({
  query,
  items,
  saved,
  change,
  queued,
}: {
  query: NotificationsQuery
  items: Notification[]
  saved: SavedCopy
} & ReturnType<typeof useChangeNotifications>) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const sentinel = useLoadMoreOnScroll(query)
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set())
  const [confirming, setConfirming] = useState(false)
  // Only what is still listed counts as selected: a deleted notification leaves the selection.
  const selected = items.filter((item) => selection.has(item._id)).map((item) => item._id)
  const allSelected = selected.length === items.length
  const select = (id: string, on: boolean) =>
    setSelection((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const act = (kind: NotificationChange) => {
    change(kind, selected)
    if (kind === 'delete') setSelection(new Set())
  }
  const open = (notification: Notification) => {
    if (!notification.isRead) change('read', [notification._id])
    if (notification.bookingId) void navigate({ to: '/booking', search: { id: notification.bookingId } })
  }
  const count = selected.length

  return (
    <Stack gap="md">
      <LastUpdated {...saved} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Checkbox
          label={t`Select all`}
          checked={allSelected}
          indeterminate={count > 0 && !allSelected}
          onChange={(event) =>
            setSelection(event.currentTarget.checked ? new Set(items.map((item) => item._id)) : new Set())
          }
        />
        <Group gap="xs" wrap="wrap" role="group" aria-label={t`Selected notifications`}>
          <Button variant="light" size="sm" disabled={count === 0} onClick={() => act('read')}>
            <Trans>Mark as read</Trans>
          </Button>
          <Button variant="light" size="sm" disabled={count === 0} onClick={() => act('unread')}>
            <Trans>Mark as unread</Trans>
          </Button>
          <Button
            variant="light"
            color="red"
            size="sm"
            disabled={count === 0}
            onClick={() => setConfirming(true)}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Group>
      {queued ? (
        <Text size="sm" c="amber.9" role="status">
          <Trans>Saved on this device. It will be sent when you are back online.</Trans>
        </Text>
      ) : null}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((notification) => (
          <li key={notification._id}>
            <NotificationRow
              notification={notification}
              selected={selection.has(notification._id)}
              onSelect={(on) => select(notification._id, on)}
              onOpen={() => open(notification)}
            />
          </li>
        ))}
      </Stack>
      <div ref={sentinel} />
      {query.isFetchingNextPage ? <Skeleton height={72} radius="lg" /> : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={<Trans>Delete notifications</Trans>}
        centered
      >
        <Stack gap="md">
          <Text>
            <Plural value={count} one="Delete this notification?" other="Delete these # notifications?" />
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirming(false)
                act('delete')
              }}
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

export function NotificationsPage() {
  const userId = useSessionUserId()
  return (
    <Screen
      size="md"
      title={<Trans>Notifications</Trans>}
      lead={<Trans>Messages about your bookings and your account.</Trans>}
    >
      {userId ? <NotificationList userId={userId} /> : null}
    </Screen>
  )
}
