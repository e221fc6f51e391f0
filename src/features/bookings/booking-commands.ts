// The booking's commands (src/offline/outbox.ts): the cancellation request and its withdrawal, and a message
// to the agency in the booking's timeline. Written to the
// device when the renter acts, then sent in the order they were made (a withdrawal made behind a request
// reaches the server after it), each with its operation id: the server keeps each one's answer, so a request
// sent again after a lost answer changes nothing, even once withdrawn. The booking page shows the ones still
// waiting over the server's copy (`CANCELLATION_FOLDS`).
import type { QueryClient } from '@tanstack/react-query'

import type {
  BookingDetail,
  CancelRequestAnswer,
  CancelWithdrawalAnswer,
  TimelineEntry,
} from '@/contract/bookings'
import { bookingMessage, cancelBooking, withdrawCancellation } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { type CommandKind, fold } from '@/offline/outbox'

import { bookingKeys } from './api'

export interface CancellationPayload {
  bookingId: string
}

const cancellationPayload = { bookingId: '' }

/** Every cached copy of the booking (each language) shows what the server applied. */
function showCancelRequest(queryClient: QueryClient, bookingId: string, cancelRequest: boolean): void {
  queryClient.setQueriesData<BookingDetail>({ queryKey: bookingKeys.detail(bookingId) }, (old) =>
    old ? { ...old, cancelRequest } : old,
  )
}

export const requestCancellationCommand: CommandKind<CancellationPayload, CancelRequestAnswer> = {
  type: 'booking.cancel-request',
  payload: cancellationPayload,
  send: ({ bookingId }, operationId) =>
    call(cancelBooking, { params: { id: bookingId }, body: { operationId } }),
  settle: (queryClient, { bookingId }) => showCancelRequest(queryClient, bookingId, true),
}

export const withdrawCancellationCommand: CommandKind<CancellationPayload, CancelWithdrawalAnswer> = {
  type: 'booking.cancel-withdraw',
  payload: cancellationPayload,
  send: ({ bookingId }, operationId) =>
    call(withdrawCancellation, { params: { id: bookingId }, body: { operationId } }),
  settle: (queryClient, { bookingId }) => showCancelRequest(queryClient, bookingId, false),
}

export interface MessagePayload {
  bookingId: string
  text: string
}

/**
 * A message to the agency, written offline like any other change: the page shows it as waiting until the
 * server has it, then as the line the server wrote (its answer), once.
 */
export const bookingMessageCommand: CommandKind<MessagePayload, TimelineEntry> = {
  type: 'booking.message',
  payload: { bookingId: '', text: '' },
  send: ({ bookingId, text }, operationId) =>
    call(bookingMessage, { params: { id: bookingId }, body: { text, operationId } }),
  settle: (queryClient, { bookingId }, entry) =>
    queryClient.setQueriesData<BookingDetail>({ queryKey: bookingKeys.detail(bookingId) }, (old) =>
      old && !old.timeline.some((line) => line._id === entry._id)
        ? { ...old, timeline: [...old.timeline, entry] }
        : old,
    ),
}

/** Its kinds, for the outbox to send the ones a page before this one left (src/app/outbox-commands.ts). */
export const COMMAND_KINDS = [
  requestCancellationCommand,
  withdrawCancellationCommand,
  bookingMessageCommand,
] as const

/** A booking as it will be once the server has the cancellation commands still waiting. */
export const CANCELLATION_FOLDS = [
  fold(requestCancellationCommand, (booking: BookingDetail, { bookingId }) =>
    booking._id === bookingId ? { ...booking, cancelRequest: true } : booking,
  ),
  fold(withdrawCancellationCommand, (booking: BookingDetail, { bookingId }) =>
    booking._id === bookingId ? { ...booking, cancelRequest: false } : booking,
  ),
]
