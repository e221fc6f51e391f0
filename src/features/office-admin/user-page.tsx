// A user's page: who they are, their bookings, their sign-ins of the last 90 days and the record of acts, with
// what an administrator may do: suspend a renter or lift it, send the activation link again, start a password
// reset. Each act is confirmed first, and its outcome told.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'

import type { UserPage as UserPageData } from '@/contract/admin'
import { BOOKING_STATUS_NAMES } from '@/domain/booking-status'
import { BASE_CURRENCY } from '@/domain/constants'
import { formatMoney } from '@/domain/money'
import { useLanguage } from '@/i18n/language'
import { formatMoment, formatStayDates } from '@/lib/day'
import { accountMessages } from '@/ui/account-messages'
import { Fact } from '@/ui/fact'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { ActsRecord } from './acts-record'
import { adminKeys, userActs, userQueryOptions } from './api'
import { ConfirmAct, type Outcome, useActOutcome } from './confirm-act'
import { STATE_COLORS, STATE_NAMES, TYPE_NAMES } from './labels'

const DONE = {
  suspend: msg`The account is suspended: every session of it has ended.`,
  liftSuspension: msg`The suspension is lifted: the renter can sign in again.`,
}

function Acts({ user, onOutcome }: { user: UserPageData['user']; onOutcome: (outcome: Outcome) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const after = (outcome: Outcome) => {
    onOutcome(outcome)
    void queryClient.invalidateQueries({ queryKey: adminKeys.all() })
  }
  return (
    <Group gap="sm">
      {user.type === 'USER' && user.state !== 'suspended' ? (
        <ConfirmAct
          label={t`Suspend`}
          color="red"
          variant="filled"
          question={t`Suspend ${user.fullName}? Every session of this account ends at once, and signing in will read 'Your account is suspended.'. Nothing is deleted.`}
          done={DONE.suspend}
          act={() => userActs.suspend(user._id)}
          onOutcome={after}
        />
      ) : null}
      {user.type === 'USER' && user.state === 'suspended' ? (
        <ConfirmAct
          label={t`Lift the suspension`}
          question={t`Lift the suspension of ${user.fullName}? They can sign in again.`}
          done={DONE.liftSuspension}
          act={() => userActs.liftSuspension(user._id)}
          onOutcome={after}
        />
      ) : null}
      {user.activatedAt === null ? (
        <ConfirmAct
          label={t`Resend the activation link`}
          question={t`Send ${user.email} the activation link again?`}
          done={accountMessages.activationSent}
          act={() => userActs.resendActivation(user._id)}
          onOutcome={after}
        />
      ) : null}
      <ConfirmAct
        label={t`Start a password reset`}
        question={t`Send ${user.email} a link to choose a new password?`}
        done={accountMessages.resetSent}
        act={() => userActs.startPasswordReset(user._id)}
        onOutcome={after}
      />
    </Group>
  )
}

function Bookings({ bookings }: { bookings: UserPageData['bookings'] }) {
  const language = useLanguage()
  if (bookings.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No booking.</Trans>
      </Text>
    )
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Property</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Stay</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Price</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bookings.map((booking) => (
            <Table.Tr key={booking._id}>
              <Table.Td>
                <Anchor component={HrefLink} href={`/admin/bookings/${booking._id}`}>
                  {booking.propertyName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {booking.agencyName}
                </Text>
              </Table.Td>
              <Table.Td>{formatStayDates(booking.from, booking.to, language)}</Table.Td>
              <Table.Td>{formatMoney(booking.price, BASE_CURRENCY, language)}</Table.Td>
              <Table.Td>
                <Badge variant="light">{BOOKING_STATUS_NAMES[booking.status][language]}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function SignIns({ signIns }: { signIns: UserPageData['signIns'] }) {
  const language = useLanguage()
  if (signIns.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No sign-in in the last 90 days.</Trans>
      </Text>
    )
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>When</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Address</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Browser</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {signIns.map((signIn, index) => (
            <Table.Tr key={`${signIn.at}-${index}`}>
              <Table.Td>{formatMoment(signIn.at, language)}</Table.Td>
              <Table.Td>{signIn.address ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="xs" lineClamp={2}>
                  {signIn.userAgent ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

export function UserPage() {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const { id } = useParams({ strict: false }) as { id: string }
  const page = useQuery(userQueryOptions(id))
  const { notice, setOutcome } = useActOutcome()

  if (page.isPending)
    return (
      <Screen title={<Trans>User</Trans>}>
        <Loader aria-label={t`Loading`} />
      </Screen>
    )
  if (page.isError)
    return (
      <Screen title={<Trans>User</Trans>}>
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Trans>This user could not be read.</Trans>
            <Button size="compact-sm" onClick={() => void page.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Group>
        </Alert>
      </Screen>
    )
  const { user, bookings, signIns, acts } = page.data
  return (
    <Screen title={user.fullName}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light">{i18n._(TYPE_NAMES[user.type])}</Badge>
            <Badge color={STATE_COLORS[user.state]} data-testid="user-state">
              {i18n._(STATE_NAMES[user.state])}
            </Badge>
          </Group>
          <Fact label={<Trans>E-mail</Trans>} value={user.email} />
          <Fact label={<Trans>Phone</Trans>} value={user.phone ?? '—'} />
          <Fact label={<Trans>Language</Trans>} value={user.language.toUpperCase()} />
          <Fact label={<Trans>Signed up</Trans>} value={formatMoment(user.createdAt, language)} />
          <Fact
            label={<Trans>Activated</Trans>}
            value={user.activatedAt ? formatMoment(user.activatedAt, language) : <Trans>Not yet</Trans>}
          />
          {user.type === 'AGENCY' ? (
            <Anchor component={HrefLink} href={`/admin/agencies/${user._id}`}>
              <Trans>The agency's page</Trans>
            </Anchor>
          ) : null}
        </Stack>
        <Acts user={user} onOutcome={setOutcome} />
        {notice}
        <Stack gap="xs" component="section" aria-labelledby="user-bookings">
          <Title order={2} size="h3" id="user-bookings">
            <Trans>Bookings</Trans>
          </Title>
          <Bookings bookings={bookings} />
        </Stack>
        <Stack gap="xs" component="section" aria-labelledby="user-sign-ins">
          <Title order={2} size="h3" id="user-sign-ins">
            <Trans>Sign-ins</Trans>
          </Title>
          <SignIns signIns={signIns} />
        </Stack>
        <ActsRecord acts={acts} />
      </Stack>
    </Screen>
  )
}
