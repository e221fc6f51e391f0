import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'

import type { BackOfficeBooking } from '@/contract/back-office'
import type { BookingDecision } from '@/domain/booking-decisions'
import { BOOKING_STATUS_NAMES } from '@/domain/booking-status'
import { MAX_MESSAGE_LENGTH } from '@/domain/constants'
import { formatMoney } from '@/domain/money'
import { STATUS_COLORS } from '@/entities/staff/status-colors'
import { useLanguage } from '@/i18n/language'
import { ApiError } from '@/lib/api-client'
import { formatMoment, formatStayDates } from '@/lib/day'
import { APP_NAME } from '@/ui/brand'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { decide, officeBookingKeys, officeBookingQueryOptions, writeToRenter } from './api'
import { DECISION_LABELS, PAYMENT_LABELS, REFUND_LABELS, REFUSAL_MESSAGES, TIMELINE_LABELS } from './labels'
import type { BookingPageParams } from './search-params'

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function Line({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  )
}

/** Decisions that need a word or an amount from the agent. */
const NEEDS_NOTE: readonly BookingDecision[] = ['refuseCancellation', 'decline', 'cancel']
const NEEDS_AMOUNT: readonly BookingDecision[] = ['recordDeposit', 'recordPayment']

/**
 * The decisions this booking takes now, as the server lists them; a refusal or a race says what happened. The
 * page's `decide` opens one at once (a push's Decline of a cancellation request: its reason is written here).
 */
function Decisions({ booking }: { booking: BackOfficeBooking }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { decide: asked } = useSearch({ strict: false }) as BookingPageParams
  const opened = asked && booking.decisions.includes(asked) ? asked : null
  const [chosen, setChosen] = useState<BookingDecision | null>(opened)
  const [note, setNote] = useState('')
  const [amount, setAmount] = useState<number | string>('')
  const mutation = useMutation({
    mutationFn: (decision: BookingDecision) =>
      decide(booking._id, {
        decision,
        seenStatus: booking.status,
        seenCancelRequest: booking.cancelRequest,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(NEEDS_AMOUNT.includes(decision) && typeof amount === 'number' ? { amount } : {}),
      }),
    onSettled: async () => {
      // Decided here or by another agent meanwhile: the page shows the booking as it now is.
      await queryClient.invalidateQueries({ queryKey: officeBookingKeys.all() })
    },
    onSuccess: () => {
      setChosen(null)
      setNote('')
      setAmount('')
    },
  })
  // A decision that leaves none to take (a cancellation accepted) still says it was recorded.
  if (booking.decisions.length === 0 && !mutation.isSuccess) return null
  const error = mutation.error
  const refusal =
    error instanceof ApiError && error.code in REFUSAL_MESSAGES
      ? i18n._(REFUSAL_MESSAGES[error.code as keyof typeof REFUSAL_MESSAGES])
      : error
        ? t`The decision could not be sent. Please try again.`
        : null

  return (
    <Section title={<Trans>Decide</Trans>}>
      {refusal ? (
        <Alert color={error instanceof ApiError && error.status === 409 ? 'orange' : 'red'} role="alert">
          {refusal}
        </Alert>
      ) : null}
      {mutation.isSuccess ? (
        <Alert color="green" role="status">
          <Trans>Decision recorded. The renter is told.</Trans>
        </Alert>
      ) : null}
      <Group gap="xs">
        {booking.decisions.map((decision) => (
          <Button
            key={decision}
            variant={chosen === decision ? 'filled' : 'default'}
            color={decision === 'decline' || decision === 'cancel' ? 'red' : undefined}
            aria-pressed={chosen === decision}
            onClick={() => {
              mutation.reset()
              setChosen(decision)
            }}
          >
            {i18n._(DECISION_LABELS[decision])}
          </Button>
        ))}
      </Group>
      {chosen ? (
        <Stack gap="xs">
          {NEEDS_AMOUNT.includes(chosen) ? (
            <NumberInput
              label={t`Amount received (${booking.currency})`}
              min={0}
              max={booking.price}
              decimalScale={2}
              value={amount}
              onChange={setAmount}
              required
            />
          ) : null}
          {NEEDS_NOTE.includes(chosen) ? (
            <Textarea
              label={
                chosen === 'refuseCancellation' ? t`Reason (the renter reads it)` : t`A word to the renter`
              }
              required={chosen === 'refuseCancellation'}
              // Opened from a push, the page is there to write this.
              autoFocus={chosen === opened}
              maxLength={1000}
              autosize
              minRows={2}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
          ) : null}
          <Group>
            <Button loading={mutation.isPending} onClick={() => mutation.mutate(chosen)}>
              <Trans>Send: {i18n._(DECISION_LABELS[chosen])}</Trans>
            </Button>
            <Button variant="subtle" onClick={() => setChosen(null)}>
              <Trans>Back</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Section>
  )
}

/**
 * A message to the renter, in the timeline both sides read (the renter is told by notification, push and
 * e-mail). What the agent typed stays until the server has it; a retried send is written once.
 */
function MessageToRenter({ booking }: { booking: BackOfficeBooking }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [operationId, setOperationId] = useState(() => crypto.randomUUID())
  const mutation = useMutation({
    mutationFn: (message: string) => writeToRenter(booking._id, message, operationId),
    onSuccess: async () => {
      setText('')
      setOperationId(crypto.randomUUID())
      await queryClient.invalidateQueries({ queryKey: officeBookingKeys.booking(booking._id) })
    },
  })
  const send = () => {
    const message = text.trim()
    const refused = !message
      ? t`Please write a message.`
      : message.length > MAX_MESSAGE_LENGTH
        ? t`A message is at most 2,000 characters.`
        : null
    setProblem(refused)
    if (!refused) mutation.mutate(message)
  }
  const failed = mutation.isError
    ? mutation.error instanceof ApiError && mutation.error.status === 403
      ? t`This booking is not one of your agency’s.`
      : t`The message could not be sent. Please try again.`
    : null
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <Textarea
        label={t`Message to the renter`}
        description={t`The renter reads it on their booking’s page and is told by notification.`}
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        error={problem ?? failed}
        onChange={(event) => {
          setText(event.currentTarget.value)
          setProblem(null)
        }}
      />
      <Group>
        <Button type="submit" loading={mutation.isPending}>
          <Trans>Send the message</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

function BookingDetails({ booking }: { booking: BackOfficeBooking }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const money = (amount: number) => formatMoney(amount, booking.currency, language)
  // A name this version does not know yet (a new kind of entry) shows as the server wrote it.
  const say = (message: MessageDescriptor | undefined, fallback: string) =>
    message ? i18n._(message) : fallback
  const { payment, breakdown } = booking
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={STATUS_COLORS[booking.status]} size="lg">
          {BOOKING_STATUS_NAMES[booking.status][language]}
        </Badge>
        {booking.cancelRequest ? (
          <Badge color="red.9" variant="outline" size="lg">
            <Trans>The renter asks to cancel</Trans>
          </Badge>
        ) : null}
      </Group>
      <Decisions booking={booking} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={<Trans>Renter</Trans>}>
          <Text fw={600}>{booking.renter.fullName}</Text>
          <Anchor href={`mailto:${booking.renter.email}`} size="sm">
            {booking.renter.email}
          </Anchor>
          {booking.renter.phone ? (
            <Anchor href={`tel:${booking.renter.phone}`} size="sm">
              {booking.renter.phone}
            </Anchor>
          ) : null}
        </Section>
        <Section title={<Trans>Stay</Trans>}>
          <Text fw={600}>{booking.property.name}</Text>
          <Text size="sm">{formatStayDates(booking.from, booking.to, language)}</Text>
          <Line label={<Trans>Nights</Trans>}>{breakdown.days}</Line>
          <Line label={<Trans>Booked on</Trans>}>{formatMoment(booking.createdAt, language)}</Line>
        </Section>
        <Section title={<Trans>Price</Trans>}>
          <Line label={<Trans>Rental</Trans>}>{money(breakdown.rental)}</Line>
          {booking.cancellation ? (
            <Line label={<Trans>Cancellation option</Trans>}>{money(breakdown.cancellationFee)}</Line>
          ) : null}
          {booking.amendments ? (
            <Line label={<Trans>Amendments option</Trans>}>{money(breakdown.amendmentsFee)}</Line>
          ) : null}
          <Line label={<Trans>Total</Trans>}>
            <strong>{money(breakdown.total)}</strong>
          </Line>
        </Section>
        <Section title={<Trans>Payment</Trans>}>
          <Line label={<Trans>Method</Trans>}>{say(PAYMENT_LABELS[payment.method], payment.method)}</Line>
          <Line label={<Trans>Received</Trans>}>
            {payment.amount === null ? <Trans>Nothing yet</Trans> : money(payment.amount)}
          </Line>
          {payment.verifiedAt ? (
            <Line label={<Trans>Verified</Trans>}>{formatMoment(payment.verifiedAt, language)}</Line>
          ) : null}
          {payment.refund ? (
            <Line label={<Trans>Refund</Trans>}>
              {say(REFUND_LABELS[payment.refund.status], payment.refund.status)}
            </Line>
          ) : null}
        </Section>
      </SimpleGrid>
      <Section title={<Trans>History and messages</Trans>}>
        {booking.timeline.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nothing has changed since the booking was made.</Trans>
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2}>
            {booking.timeline.map((entry) => {
              const who = entry.actor?.name ?? APP_NAME
              const when = formatMoment(entry.at, language)
              return (
                <Timeline.Item key={entry._id} title={say(TIMELINE_LABELS[entry.kind], entry.kind)}>
                  <Text size="xs" c="dimmed">
                    <Trans>
                      {who}, {when}
                    </Trans>
                  </Text>
                  {entry.statusBefore !== entry.statusAfter ? (
                    <Text size="sm">
                      {BOOKING_STATUS_NAMES[entry.statusBefore][language]} →{' '}
                      {BOOKING_STATUS_NAMES[entry.statusAfter][language]}
                    </Text>
                  ) : null}
                  {entry.amount !== null ? <Text size="sm">{money(entry.amount)}</Text> : null}
                  {entry.note ? (
                    <Text size="sm" fs="italic">
                      {entry.note}
                    </Text>
                  ) : null}
                </Timeline.Item>
              )
            })}
          </Timeline>
        )}
        <MessageToRenter booking={booking} />
      </Section>
    </Stack>
  )
}

/** A booking as the agency sees it: the renter, the stay, the price, the payment, the history, the decisions. */
export function OfficeBookingPage() {
  const { t } = useLingui()
  const { id = '' } = useParams({ strict: false }) as { id?: string }
  const read = useQuery(officeBookingQueryOptions(id))
  let body
  if (read.isPending) body = <Loader aria-label={t`Loading`} />
  else if (read.isError)
    body = (
      <Alert color="red" role="alert">
        {read.error instanceof ApiError && read.error.status === 404 ? (
          <Trans>This booking does not exist, or it is not one of yours.</Trans>
        ) : (
          <Trans>The booking could not be read.</Trans>
        )}
      </Alert>
    )
  else body = <BookingDetails booking={read.data} />
  return (
    <Screen
      title={<Trans>Booking {id}</Trans>}
      lead={
        <Anchor component={HrefLink} href="/admin">
          <Trans>Back to the bookings</Trans>
        </Anchor>
      }
    >
      {body}
    </Screen>
  )
}
