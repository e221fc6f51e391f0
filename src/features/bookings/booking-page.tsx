// One booking (/booking?id=, docs/product.md §12): the stay as a traveller needs it (./booking-companion.tsx),
// every detail with its price breakdown and what was paid or is owed, a printable receipt (./receipt.tsx), a
// change of dates (./amend-booking.tsx), and the cancellation request, offered when the rule the server also
// applies allows it (mayRequestCancellation, src/domain/cancellation.ts). Asking is a request, confirmed first
// in a dialog: the renter is told they will be contacted, and may withdraw it until the agency cancels.
import type { MessageDescriptor } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Card, Divider, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'

import type { BookingDetail } from '@/contract/bookings'
import { mayRequestCancellation } from '@/domain/cancellation'
import { PROPERTY_IMAGE } from '@/domain/constants'
import { todayUtc } from '@/domain/input-rules'
import { formatMoney } from '@/domain/money'
import { useMoney } from '@/entities/currency/money'
import { RENTAL_TERM_LABELS } from '@/entities/property/property-labels'
import { useLanguage } from '@/i18n/language'
import { ApiError } from '@/lib/api-client'
import { formatDay } from '@/lib/day'
import { useAnotherLanguageWhileMissing } from '@/offline/other-language'
import {
  type CommandKind,
  isWaiting,
  useOutbox,
  useOutboxStatus,
  usePending,
  usePendingCommands,
} from '@/offline/outbox'
import { QueryState } from '@/offline/query-state'
import { LastUpdated, type SavedCopy } from '@/offline/read-state'
import { errorMessage } from '@/ui/account-messages'
import { Columns } from '@/ui/columns'
import { Fact } from '@/ui/fact'
import { Screen } from '@/ui/screen'

import { Amendment } from './amend-booking'
import { bookingQueryOptions } from './api'
import {
  CANCELLATION_FOLDS,
  type CancellationPayload,
  requestCancellationCommand,
  withdrawCancellationCommand,
} from './booking-commands'
import { AgencyContact, YourStay } from './booking-companion'
import { Conversation } from './booking-conversation'
import { StatusBadge } from './bookings-page'
import { REFUND_STATUS_LABELS } from './labels'
import { PrintReceipt } from './receipt'

function Line({ label, amount }: { label: ReactNode; amount: number }) {
  const money = useMoney()
  return (
    <Group justify="space-between">
      <Text>{label}</Text>
      <Text>{money(amount)}</Text>
    </Group>
  )
}

/**
 * What was paid, or what is owed, in the currency charged (the base currency), with the figure in the
 * renter's chosen currency beside it when that is another: a paid booking as charged, a pay-later booking its
 * total, a payment Haven gives back with its refund's state. A deposit's share is the agency's to say.
 */
function Payment({ booking }: { booking: BookingDetail }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const money = useMoney()
  const charged = formatMoney(booking.price, booking.currency, language)
  const shown = money(booking.price)
  const amount = (
    <Text fw={600} ta="right">
      {charged}
      {shown !== charged ? (
        <Text span size="sm" c="dimmed" fw={400} data-testid="booking-payment-converted">
          {' '}
          (≈ {shown})
        </Text>
      ) : null}
    </Text>
  )
  if (booking.refundStatus) {
    const failed = booking.refundStatus === 'failed'
    return (
      <Stack gap={4} data-testid="booking-payment">
        <Group justify="space-between">
          <Text c={failed ? 'red.9' : undefined} fw={600}>
            {i18n._(REFUND_STATUS_LABELS[booking.refundStatus])}
          </Text>
          {amount}
        </Group>
        {failed ? (
          <Text size="sm">
            <Trans>
              The payment provider has not made this refund yet: we are asking it again. The agency can help.
            </Trans>
          </Text>
        ) : null}
      </Stack>
    )
  }
  if (booking.status === 'PAID') {
    return (
      <Group justify="space-between" data-testid="booking-payment">
        <Text c="teal.9" fw={600}>
          <Trans context="payment">Paid</Trans>
        </Text>
        {amount}
      </Group>
    )
  }
  if (booking.status === 'PENDING' || booking.status === 'RESERVED') {
    return (
      <Group justify="space-between" data-testid="booking-payment">
        <Text fw={600}>
          <Trans context="payment">To pay</Trans>
        </Text>
        {amount}
      </Group>
    )
  }
  if (booking.status === 'DEPOSIT') {
    return (
      <Text size="sm" data-testid="booking-payment">
        <Trans>A deposit was paid: the agency will tell you what remains to pay.</Trans>
      </Text>
    )
  }
  return null
}

/** The renter's cancellation commands for this booking still in the outbox, as the page tells them. */
interface PendingCancellation {
  /** Whether one waits for the connection (made offline, or behind another). */
  waiting: boolean
  /** Whether one is on its way. */
  sending: boolean
}

const CANCELLATION_TYPES: readonly string[] = [
  requestCancellationCommand.type,
  withdrawCancellationCommand.type,
]

function usePendingCancellation(bookingId: string): PendingCancellation {
  const status = useOutboxStatus()
  const mine = usePendingCommands().filter(
    (command) => CANCELLATION_TYPES.includes(command.type) && command.payload.bookingId === bookingId,
  )
  return {
    waiting: mine.some((command) => isWaiting(command, status)),
    sending: mine.some((command) => !isWaiting(command, status)),
  }
}

/** Asks before the request leaves: what happens next, and that it can be withdrawn until the agency decides. */
function ConfirmCancellation({
  booking,
  opened,
  onClose,
  onConfirm,
}: {
  booking: BookingDetail
  opened: boolean
  onClose: () => void
  onConfirm: () => void
}) {
  const language = useLanguage()
  const from = formatDay(booking.from, language)
  const to = formatDay(booking.to, language)
  const property = booking.property.name
  return (
    <Modal opened={opened} onClose={onClose} title={<Trans>Request cancellation?</Trans>} centered>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            The agency is asked to cancel your booking of {property} from {from} to {to}. It decides, and
            contacts you to finalize it; you are told its decision by e-mail and notification.
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>Until the agency decides, you can withdraw your request here.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            <Trans>Keep my booking</Trans>
          </Button>
          <Button color="red" onClick={onConfirm}>
            <Trans>Send the request</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

function Cancellation({ booking: server }: { booking: BookingDetail }) {
  const { i18n } = useLingui()
  const outbox = useOutbox()
  const [failure, setFailure] = useState<MessageDescriptor | null>(null)
  const [confirming, setConfirming] = useState(false)
  // The server's copy, with the renter's cancellation commands still waiting: a read answered before the
  // server has them shows neither the older state nor the older action.
  const booking = usePending(server, CANCELLATION_FOLDS)
  const pending = usePendingCancellation(booking._id)
  // A refusal is told by the outbox's toast, with the server's reason (src/offline/outbox.ts).
  const send = (kind: CommandKind<CancellationPayload, unknown>) => {
    setFailure(null)
    outbox
      .add(kind, { bookingId: booking._id })
      .catch((error: unknown) =>
        setFailure(error instanceof ApiError || !(error instanceof Error) ? null : errorMessage(error)),
      )
  }
  const requested = booking.cancelRequest
  const sending = pending.sending && !pending.waiting
  const failed = failure ? (
    <Alert color="red" variant="light" role="alert">
      {i18n._(failure)}
    </Alert>
  ) : null

  if (requested) {
    return (
      <Stack gap="xs" align="flex-start">
        {pending.waiting ? (
          <Alert color="yellow" variant="light" role="status" data-testid="cancel-waiting">
            <Trans>
              Your cancellation request is waiting for the connection: it will be sent as soon as you are back
              online.
            </Trans>
          </Alert>
        ) : (
          <Alert color="blue" variant="light" role="status" data-testid="cancel-requested">
            <Trans>Your cancellation request was sent. You will be contacted to finalize it.</Trans>
          </Alert>
        )}
        {booking.status !== 'CANCELLED' ? (
          <>
            <Text size="sm">
              <Trans>
                Changed your mind? Withdraw the request: your booking stands, and the agency is told.
              </Trans>
            </Text>
            <Button variant="default" loading={sending} onClick={() => send(withdrawCancellationCommand)}>
              <Trans>Withdraw the request</Trans>
            </Button>
          </>
        ) : null}
        {failed}
      </Stack>
    )
  }
  const withdrawalWaiting = pending.waiting ? (
    <Alert color="yellow" variant="light" role="status" data-testid="withdrawal-waiting">
      <Trans>
        Your request is withdrawn on this device: the withdrawal will be sent as soon as you are back online.
      </Trans>
    </Alert>
  ) : null
  if (!mayRequestCancellation(booking, todayUtc())) {
    return (
      <Stack gap="xs" align="flex-start">
        {withdrawalWaiting}
        <Text size="sm" c="dimmed">
          {booking.cancellation ? (
            <Trans>This booking has started or is cancelled: it can no longer be cancelled here.</Trans>
          ) : (
            <Trans>This booking was made without the cancellation option.</Trans>
          )}
        </Text>
      </Stack>
    )
  }
  return (
    <Stack gap="xs" align="flex-start">
      {withdrawalWaiting}
      <Text size="sm">
        <Trans>You took the cancellation option: you may ask to cancel this booking before your stay.</Trans>
      </Text>
      <Button
        variant="light"
        color="red"
        loading={sending}
        onClick={() => {
          setFailure(null)
          setConfirming(true)
        }}
      >
        <Trans>Request cancellation</Trans>
      </Button>
      {failed}
      <ConfirmCancellation
        booking={booking}
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          send(requestCancellationCommand)
        }}
      />
    </Stack>
  )
}

function BookingDetails({ booking, saved }: { booking: BookingDetail; saved: SavedCopy }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const money = useMoney()
  const { breakdown } = booking
  const yes = <Trans>Yes</Trans>
  const no = <Trans>No</Trans>
  return (
    <Screen
      size="md"
      title={booking.property.name}
      lead={booking.property.address ?? booking.property.location}
    >
      <LastUpdated {...saved} />
      <Group gap="sm">
        <StatusBadge status={booking.status} />
      </Group>
      <YourStay booking={booking} />
      <AgencyContact agency={booking.agency} />
      <img
        src={booking.property.image}
        alt=""
        width={PROPERTY_IMAGE.width}
        height={PROPERTY_IMAGE.height}
        style={{ borderRadius: 16, objectFit: 'cover', maxWidth: '100%', height: 'auto' }}
      />
      <Columns cols={{ base: 2, sm: 3 }} spacing="md">
        <Fact
          label={<Trans>Rental term</Trans>}
          value={i18n._(RENTAL_TERM_LABELS[booking.property.rentalTerm])}
        />
        <Fact label={<Trans>Cancellation</Trans>} value={booking.cancellation ? yes : no} />
        <Fact label={<Trans>Amendments</Trans>} value={booking.amendments ? yes : no} />
        <Fact label={<Trans>Booked on</Trans>} value={formatDay(booking.createdAt, language)} />
      </Columns>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            <Trans>Price</Trans>
          </Title>
          <Line
            label={<Plural value={breakdown.days} one="Rental, # night" other="Rental, # nights" />}
            amount={breakdown.rental}
          />
          {breakdown.cancellationFee > 0 ? (
            <Line label={<Trans>Cancellation</Trans>} amount={breakdown.cancellationFee} />
          ) : null}
          {breakdown.amendmentsFee > 0 ? (
            <Line label={<Trans>Amendments</Trans>} amount={breakdown.amendmentsFee} />
          ) : null}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>
              <Trans>Total</Trans>
            </Text>
            <Text fw={800} fz="lg" data-testid="booking-total">
              {money(booking.price)}
            </Text>
          </Group>
          <Payment booking={booking} />
        </Stack>
      </Card>
      <PrintReceipt booking={booking} />
      <Amendment booking={booking} />
      <Cancellation booking={booking} />
      <Conversation booking={booking} />
      <Button variant="default" w="fit-content" renderRoot={(props) => <Link to="/bookings" {...props} />}>
        <Trans>All my bookings</Trans>
      </Button>
    </Screen>
  )
}

/** The booking's screen with no booking to show: why, and the way back to the list. */
function NoBooking({ children }: { children: ReactNode }) {
  return (
    <Screen size="md" title={<Trans>Booking</Trans>}>
      <Text c="dimmed">{children}</Text>
      <Button variant="light" w="fit-content" renderRoot={(props) => <Link to="/bookings" {...props} />}>
        <Trans>All my bookings</Trans>
      </Button>
    </Screen>
  )
}

function BookingLoader({ id }: { id: string }) {
  const language = useLanguage()
  const options = bookingQueryOptions(id, language)
  const another = useAnotherLanguageWhileMissing<BookingDetail>(options.queryKey, language)
  const query = useQuery({ ...options, placeholderData: another.placeholderData })
  return (
    <QueryState
      query={query}
      anotherLanguage={another}
      skeleton={
        <Screen size="md" title={<Skeleton height={36} width={280} />}>
          <Skeleton height={320} radius="lg" />
        </Screen>
      }
      notFound={
        <NoBooking>
          <Trans>This booking does not exist.</Trans>
        </NoBooking>
      }
      error={({ error, offline }) => (
        <NoBooking>
          {error instanceof ApiError && error.status === 403 ? (
            <Trans>This is not your booking.</Trans>
          ) : offline ? (
            <Trans>You seem to be offline, and this booking was not saved on this device.</Trans>
          ) : (
            <Trans>An unhandled error occurred.</Trans>
          )}
        </NoBooking>
      )}
    >
      {(booking, saved) => <BookingDetails booking={booking} saved={saved} />}
    </QueryState>
  )
}

export function BookingPage() {
  const { id } = useSearch({ from: '/booking' })
  if (!id) {
    return (
      <NoBooking>
        <Trans>No booking was chosen. Pick one from your bookings.</Trans>
      </NoBooking>
    )
  }
  return <BookingLoader id={id} />
}
