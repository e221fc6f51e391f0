// Changing a booking's dates (docs/product.md §12, Amendments), for a booking with the amendment option whose
// stay has not started: a dialog with the property's calendar (held nights cannot be picked; the booking's own
// nights are its to keep), the new total from the server, what happens to the difference, and the change,
// which applies at once. It needs the server (the price and the nights are the server's to say), so it is
// never queued offline. Without the option, or too late, one sentence says why not.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import type { AmendBookingAnswer, BookingDetail } from '@/contract/bookings'
import { amendableNow, hasAmendmentOption, holdsPayment } from '@/domain/amendment'
import { todayUtc } from '@/domain/input-rules'
import { formatMoney } from '@/domain/money'
import { refreshAfterBookingChange } from '@/entities/booking/booking-refresh'
import { isInvalidStay, overlapsHeld, StayDates } from '@/entities/booking/stay-dates'
import { availabilityQueryOptions } from '@/entities/property/property-api'
import { useLanguage } from '@/i18n/language'
import { ApiError } from '@/lib/api-client'
import { formatDay } from '@/lib/day'
import { errorMessage, fieldMessages } from '@/ui/account-messages'
import { Columns } from '@/ui/columns'

import { amendBooking, amendmentPriceQueryOptions } from './api'

/** The amendment refusals, in the words the server's codes stand for (src/domain/booking-messages.ts). */
const REFUSALS: Record<string, MessageDescriptor> = {
  amendments_not_taken: msg`This booking was made without the amendment option.`,
  amendment_too_late: msg`This booking has started or is cancelled: its dates can no longer be changed here.`,
  amendment_price_differs: msg`This booking is paid: its dates can change only for a stay of the same price. Contact the agency for any other change.`,
}

/** What a refused price or change tells the renter: its code's words, a field's, or the general ones. */
function refusalOf(error: unknown): MessageDescriptor {
  if (error instanceof ApiError) {
    const own = REFUSALS[error.code]
    if (own) return own
    const field = Object.values(error.fields ?? {})[0] as keyof typeof fieldMessages | undefined
    if (field && fieldMessages[field]) return fieldMessages[field]
  }
  return errorMessage(error)
}

function AmendDialog({
  booking,
  onClose,
  onDone,
}: {
  booking: BookingDetail
  onClose: () => void
  onDone: (answer: AmendBookingAnswer) => void
}) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const queryClient = useQueryClient()
  const [from, setFrom] = useState(booking.from.slice(0, 10))
  const [to, setTo] = useState(booking.to.slice(0, 10))
  const availability = useQuery(availabilityQueryOptions(booking.property._id))
  // The booking's own nights are held by itself: they stay free to choose again.
  const held = (availability.data?.held ?? []).filter(
    (stay) => !(stay.from === booking.from.slice(0, 10) && stay.to === booking.to.slice(0, 10)),
  )
  const changed = from !== booking.from.slice(0, 10) || to !== booking.to.slice(0, 10)
  const choosable = Boolean(from && to) && !isInvalidStay(from, to) && !overlapsHeld(from, to, held)
  const quote = useQuery({
    ...amendmentPriceQueryOptions(booking._id, from, to),
    enabled: changed && choosable,
  })
  const amend = useMutation({
    mutationFn: (price: number) =>
      amendBooking(booking._id, { from, to, price, operationId: crypto.randomUUID() }),
    onSuccess: async (answer) => {
      onDone(answer)
      await refreshAfterBookingChange(queryClient)
    },
  })
  const money = (amount: number) => formatMoney(amount, booking.currency, language)
  const price = changed && choosable ? quote.data : undefined
  const paid = holdsPayment(booking.status)
  const refusedForPrice = Boolean(price && paid && price.difference !== 0)
  const failure = amend.error ?? (changed && choosable ? quote.error : null)
  const total = price ? money(price.breakdown.total) : ''
  const difference = price ? money(Math.abs(price.difference)) : ''
  return (
    <Modal opened onClose={onClose} title={<Trans>Change the dates</Trans>} centered>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            Choose the new dates of your stay. Nights already booked by others cannot be chosen; yours can.
          </Trans>
        </Text>
        <Columns cols={{ base: 1, xs: 2 }} spacing="sm">
          <StayDates
            from={from}
            to={to}
            held={held}
            onChange={(nextFrom, nextTo) => {
              amend.reset()
              setFrom(nextFrom)
              setTo(nextTo)
            }}
          />
        </Columns>
        {price ? (
          <Stack gap={4} data-testid="amendment-price">
            <Text fw={700}>
              <Trans>New total: {total}</Trans>
            </Text>
            <Text size="sm">
              {refusedForPrice ? null : price.difference > 0 ? (
                paid ? null : (
                  <Trans>{difference} more than now: the new total is what you will owe.</Trans>
                )
              ) : price.difference < 0 ? (
                <Trans>{difference} less than now: the new total is what you will owe.</Trans>
              ) : (
                <Trans>The same price as now: nothing more to pay.</Trans>
              )}
            </Text>
          </Stack>
        ) : null}
        {refusedForPrice ? (
          <Alert color="red" variant="light" role="alert">
            {i18n._(REFUSALS.amendment_price_differs!)}
          </Alert>
        ) : failure ? (
          <Alert color="red" variant="light" role="alert">
            {i18n._(refusalOf(failure))}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            <Trans>Keep my dates</Trans>
          </Button>
          <Button
            disabled={!price || refusedForPrice}
            loading={amend.isPending}
            onClick={() => price && amend.mutate(price.breakdown.total)}
          >
            <Trans>Change the dates</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** The amendment section of the booking page: the offer and its dialog, or why it cannot be done. */
export function Amendment({ booking }: { booking: BookingDetail }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState<AmendBookingAnswer | null>(null)
  if (!hasAmendmentOption(booking, booking.property.amendments)) {
    return (
      <Text size="sm" c="dimmed" data-testid="amendment-why-not">
        {i18n._(REFUSALS.amendments_not_taken!)}
      </Text>
    )
  }
  if (!amendableNow(booking, todayUtc())) {
    return (
      <Text size="sm" c="dimmed" data-testid="amendment-why-not">
        {i18n._(REFUSALS.amendment_too_late!)}
      </Text>
    )
  }
  const newFrom = done ? formatDay(done.from, language) : ''
  const newTo = done ? formatDay(done.to, language) : ''
  return (
    <Stack gap="xs" align="flex-start">
      {done ? (
        <Alert color="teal" variant="light" role="status" data-testid="amendment-done">
          <Trans>
            Your booking now runs from {newFrom} to {newTo}. The agency was told.
          </Trans>
        </Alert>
      ) : null}
      <Text size="sm">
        <Trans>
          You have the amendment option: you may change the dates of this booking before your stay.
        </Trans>
      </Text>
      <Button variant="light" onClick={() => setOpen(true)}>
        <Trans>Change dates</Trans>
      </Button>
      {open ? (
        <AmendDialog
          booking={booking}
          onClose={() => setOpen(false)}
          onDone={(answer) => {
            setOpen(false)
            setDone(answer)
          }}
        />
      ) : null}
    </Stack>
  )
}
