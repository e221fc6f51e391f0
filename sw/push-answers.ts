// A staff member's answer from a notification's button (docs/product.md §12, Push): the decision the booking's
// page would send, with the status and request the push was written for, so that the server's checks are the
// screen's (the role, the booking's agency, the rules, and a booking answered meanwhile refused, not decided
// twice). Pure: the worker (./back-office-sw.ts) gives it `fetch` and does what it answers.
import { decideBooking } from '../src/contract/routes.ts'
import { REASON_REQUIRED } from '../src/domain/booking-decisions.ts'
import type { PushAction, PushRequest } from '../src/domain/notifications.ts'

/** What a notification keeps: the page its body opens, and the request its buttons answer, if any. */
export interface NotificationData {
  url: string
  request?: PushRequest
}

/** A notification's data as stored, checked: a notification shown by an older worker may lack any of it. */
export function readNotificationData(data: unknown, origin: string): NotificationData {
  const read = (data ?? {}) as { url?: unknown; request?: unknown }
  const url = typeof read.url === 'string' ? read.url : new URL('/', origin).href
  const request = read.request as PushRequest | undefined
  const valid =
    typeof request === 'object' &&
    request !== null &&
    Number.isInteger(request.bookingId) &&
    Array.isArray(request.actions)
  return valid ? { url, request } : { url }
}

/** What the worker does next: open a page, or tell the outcome in a notification in place of the push's. */
export type Answer = { open: string } | { tell: string }

/** The decision's path, as the contract writes it. */
const decisionPath = (bookingId: number) =>
  decideBooking.slice(decideBooking.indexOf(' ') + 1).replace(':id', String(bookingId))

/**
 * Answers the request of `data` with the button `action`. A decision that needs a reason for the renter
 * (refusing a cancellation) is never sent without one: the booking's page opens at it. A session that ended
 * (401) opens the page too, whose sign-in comes back to it.
 */
export async function answerFromNotification(
  action: PushAction,
  data: NotificationData,
  send: typeof fetch,
): Promise<Answer> {
  const { request } = data
  const button = request?.actions.find((candidate) => candidate.action === action)
  if (!request || !button) return { open: data.url }
  if (REASON_REQUIRED.includes(button.decision)) {
    const page = new URL(data.url)
    page.searchParams.set('decide', button.decision)
    return { open: page.href }
  }
  let response: Response
  try {
    response = await send(decisionPath(request.bookingId), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        decision: button.decision,
        seenStatus: request.seenStatus,
        seenCancelRequest: request.seenCancelRequest,
      }),
    })
  } catch {
    return { tell: request.failed }
  }
  if (response.ok) return { tell: button.done }
  if (response.status === 401) return { open: data.url }
  const refusal = (await response.json().catch(() => null)) as { error?: unknown } | null
  const code = typeof refusal?.error === 'string' ? refusal.error : ''
  const reason = Object.hasOwn(request.refusals, code)
    ? request.refusals[code as keyof PushRequest['refusals']]
    : undefined
  return { tell: reason ?? request.failed }
}
