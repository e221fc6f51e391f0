// The booking's timeline as its renter reads it (docs/product.md §12, One timeline per booking): the renter's
// own steps, the agency's decisions and the messages both sides wrote, oldest first; and a message to the
// agency, written to the outbox like any other change, shown as waiting until the server has it.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Card, Stack, Text, Textarea, Timeline, Title } from '@mantine/core'
import { useState } from 'react'

import type { BookingDetail, TimelineEntry } from '@/contract/bookings'
import { MAX_MESSAGE_LENGTH } from '@/domain/constants'
import { useLanguage } from '@/i18n/language'
import { formatMoment } from '@/lib/day'
import { isWaiting, useOutbox, useOutboxStatus, usePendingCommands } from '@/offline/outbox'
import { APP_NAME } from '@/ui/brand'

import { bookingMessageCommand, type MessagePayload } from './booking-commands'

/** What the renter's timeline calls each line; a kind this version does not know shows as the server wrote it. */
const STEP_LABELS: Record<string, MessageDescriptor> = {
  booked: msg`You booked`,
  cancelRequest: msg`You asked to cancel`,
  cancelWithdrawal: msg`You withdrew your cancellation request`,
  amend: msg`You changed the dates`,
  confirm: msg`Confirmed by the agency`,
  recordDeposit: msg`Deposit recorded by the agency`,
  recordPayment: msg`Payment recorded by the agency`,
  decline: msg`Declined by the agency`,
  acceptCancellation: msg`Cancellation accepted by the agency`,
  refuseCancellation: msg`Cancellation refused by the agency`,
  cancel: msg`Cancelled by the agency`,
  unanswered: msg`Lapsed without the agency’s answer`,
  lapsed: msg`Lapsed: the account was not activated`,
}

function Line({ entry }: { entry: TimelineEntry }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const when = formatMoment(entry.at, language)
  if (entry.kind === 'message') {
    const mine = entry.actor?.type === 'USER'
    const who = mine ? i18n._(msg`You`) : (entry.actor?.name ?? APP_NAME)
    return (
      <Timeline.Item title={who}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {entry.note}
        </Text>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      </Timeline.Item>
    )
  }
  const label = STEP_LABELS[entry.kind]
  return (
    <Timeline.Item title={label ? i18n._(label) : entry.kind}>
      {entry.note ? (
        <Text size="sm" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          {entry.note}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {when}
      </Text>
    </Timeline.Item>
  )
}

/** The booking's history and messages, and the renter's message to the agency. */
export function Conversation({ booking }: { booking: BookingDetail }) {
  const { t } = useLingui()
  const outbox = useOutbox()
  const status = useOutboxStatus()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const waiting = usePendingCommands().filter(
    (command) => command.type === bookingMessageCommand.type && command.payload.bookingId === booking._id,
  )
  const send = () => {
    const message = text.trim()
    const refused = !message
      ? t`Please write a message.`
      : message.length > MAX_MESSAGE_LENGTH
        ? t`A message is at most 2,000 characters.`
        : null
    setProblem(refused)
    if (refused) return
    // On the device now: the box is free for the next one. A refusal (told by the outbox's toast) gives the
    // text back, unless something new was typed meanwhile.
    setText('')
    outbox
      .add(bookingMessageCommand, { bookingId: booking._id, text: message } satisfies MessagePayload)
      .catch(() => setText((typed) => typed || message))
  }
  const lines = booking.timeline
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="booking-conversation">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="booking-conversation">
          <Trans>History and messages</Trans>
        </Title>
        {lines.length === 0 && waiting.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Write to the agency here: your messages and its answers stay with this booking.</Trans>
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} data-testid="booking-timeline">
            {lines.map((entry) => (
              <Line key={entry._id} entry={entry} />
            ))}
            {waiting.map((command) => (
              <Timeline.Item key={command.operationId} title={t`You`} lineVariant="dashed">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {String(command.payload.text)}
                </Text>
                <Badge size="sm" variant="light" color={isWaiting(command, status) ? 'yellow.9' : 'blue.9'}>
                  {isWaiting(command, status) ? (
                    <Trans>Waiting for the connection</Trans>
                  ) : (
                    <Trans>Sending…</Trans>
                  )}
                </Badge>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault()
            send()
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t`Message to the agency`}
              description={t`Written offline, it is sent as soon as you are back online.`}
              autosize
              minRows={2}
              maxRows={8}
              value={text}
              error={problem}
              onChange={(event) => {
                setText(event.currentTarget.value)
                setProblem(null)
              }}
            />
            <Button type="submit" variant="light" w="fit-content">
              <Trans>Send the message</Trans>
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  )
}
