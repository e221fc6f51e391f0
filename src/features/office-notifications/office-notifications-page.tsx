import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useState } from 'react'

import type { Notification } from '@/contract/notifications'
import { NOTIFICATIONS_PAGE_SIZE } from '@/domain/constants'
import { staffSessionQueryOptions } from '@/entities/staff/staff-session'
import { useLanguage } from '@/i18n/language'
import { formatMoment } from '@/lib/day'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import {
  changeNotices,
  type NoticeChange,
  officeNotificationKeys,
  officeNotificationsQueryOptions,
} from './api'

const pageHref = (page: number) => (page > 1 ? `/admin/notifications?page=${page}` : '/admin/notifications')

function NoticeRow({
  notice,
  checked,
  onCheck,
}: {
  notice: Notification
  checked: boolean
  onCheck: (checked: boolean) => void
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const when = formatMoment(notice.createdAt, language)
  return (
    <Paper withBorder radius="md" p="sm" component="li" bg={notice.isRead ? undefined : 'petrol.0'}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Checkbox
          mt={2}
          aria-label={t`Select the notification of ${when}`}
          checked={checked}
          onChange={(event) => onCheck(event.currentTarget.checked)}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed">
              {when}
            </Text>
            {notice.isRead ? null : (
              <Badge size="sm" color="petrol.7">
                <Trans>New</Trans>
              </Badge>
            )}
          </Group>
          <Text size="sm" fw={notice.isRead ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
            {notice.message}
          </Text>
          {notice.bookingId ? (
            <Anchor component={HrefLink} href={notice.link} size="sm">
              <Trans>Open the booking</Trans>
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  )
}

/** The staff member's own notifications, newest first, a page at a time; selected ones marked or deleted. */
export function OfficeNotificationsPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { page = 1 } = useSearch({ strict: false }) as { page?: number }
  const { data: user } = useQuery(staffSessionQueryOptions())
  const userId = user?._id ?? ''
  const read = useQuery({ ...officeNotificationsQueryOptions(userId, page), enabled: userId !== '' })
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const change = useMutation({
    mutationFn: ({ kind, ids }: { kind: NoticeChange; ids: string[] }) => changeNotices(userId, kind, ids),
    onSuccess: () => setSelected(new Set()),
    // Done or refused, the list and the navigation's count show what the server now holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeNotificationKeys.all() }),
  })

  let body
  if (read.isPending) body = <Loader aria-label={t`Loading`} />
  else if (read.isError)
    body = (
      <Alert color="red" role="alert">
        <Trans>The notifications could not be loaded. Please try again.</Trans>
      </Alert>
    )
  else {
    const { items, total, unread } = read.data
    const ids = items.map((notice) => notice._id)
    const chosen = ids.filter((id) => selected.has(id))
    const unreadIds = items.filter((notice) => !notice.isRead).map((notice) => notice._id)
    const apply = (kind: NoticeChange, which: string[]) => change.mutate({ kind, ids: which })
    const lastPage = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE))
    body =
      total === 0 ? (
        <Text c="dimmed">
          <Trans>
            No notifications yet. New bookings, cancellation requests and messages will show here.
          </Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            <Plural value={unread} one="# unread notification" other="# unread notifications" />
          </Text>
          {change.isError ? (
            <Alert color="red" role="alert">
              <Trans>The change could not be saved. Please try again.</Trans>
            </Alert>
          ) : null}
          <Group gap="xs">
            <Checkbox
              label={t`Select all`}
              checked={chosen.length === ids.length && ids.length > 0}
              indeterminate={chosen.length > 0 && chosen.length < ids.length}
              onChange={(event) => setSelected(new Set(event.currentTarget.checked ? ids : []))}
            />
            <Button
              size="compact-sm"
              variant="default"
              disabled={chosen.length === 0}
              loading={change.isPending && change.variables?.kind === 'read'}
              onClick={() => apply('read', chosen)}
            >
              <Trans>Mark as read</Trans>
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={chosen.length === 0}
              loading={change.isPending && change.variables?.kind === 'unread'}
              onClick={() => apply('unread', chosen)}
            >
              <Trans>Mark as unread</Trans>
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              disabled={chosen.length === 0}
              loading={change.isPending && change.variables?.kind === 'delete'}
              onClick={() => apply('delete', chosen)}
            >
              <Trans>Delete</Trans>
            </Button>
            {unreadIds.length > 0 ? (
              <Button size="compact-sm" variant="subtle" onClick={() => apply('read', unreadIds)}>
                <Trans>Mark this page as read</Trans>
              </Button>
            ) : null}
          </Group>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((notice) => (
              <NoticeRow
                key={notice._id}
                notice={notice}
                checked={selected.has(notice._id)}
                onCheck={(checked) =>
                  setSelected((current) => {
                    const next = new Set(current)
                    if (checked) next.add(notice._id)
                    else next.delete(notice._id)
                    return next
                  })
                }
              />
            ))}
          </Stack>
          <Group justify="space-between">
            {page > 1 ? (
              <Button variant="default" component={HrefLink} href={pageHref(page - 1)}>
                <Trans>Newer</Trans>
              </Button>
            ) : (
              <span />
            )}
            {page < lastPage ? (
              <Button variant="default" component={HrefLink} href={pageHref(page + 1)}>
                <Trans>Older</Trans>
              </Button>
            ) : null}
          </Group>
        </Stack>
      )
  }

  return (
    <Screen title={<Trans>Notifications</Trans>} lead={<Trans>Newest first.</Trans>}>
      {body}
    </Screen>
  )
}
