// Notifications and web push (docs/product.md §12, §13): what a push carries, which the server writes and the
// service worker reads. The routes' schemas are the contract's (src/contract/notifications.ts).
import type { BookingDecision, DecisionRefusal } from './booking-decisions.ts'
import type { BookingStatus } from './enums.ts'

/** The buttons a staff push about a request shows: the notification's own actions. */
export const PUSH_ACTIONS = ['accept', 'decline'] as const
export type PushAction = (typeof PUSH_ACTIONS)[number]

/**
 * A request the staff can answer from the notification itself (the back office's worker,
 * sw/back-office-sw.ts): what each button decides, with the status and request the push was written for,
 * sent back as the decision's `seenStatus` and `seenCancelRequest`, so that a booking answered meanwhile is
 * refused as it is from the screen. Every text is in the staff member's language.
 */
export interface PushRequest {
  bookingId: number
  seenStatus: BookingStatus
  seenCancelRequest: boolean
  actions: { action: PushAction; title: string; decision: BookingDecision; done: string }[]
  /** The server's refusals a button can meet, to show as the outcome. */
  refusals: Partial<Record<DecisionRefusal, string>>
  /** Said when no refusal above explains the failure (no connection, the session ended, …). */
  failed: string
}

/** What a push carries: the server writes it, the service worker (sw/sw.ts) reads it. */
export interface PushPayload {
  title: string
  body: string
  /** A path of the app, opened or focused on click. */
  url: string
  /** The unread count: the app badge (0 clears it). */
  badge: number
  tag: string
  /** Only a staff member's push about a new pay-later request or a cancellation request. */
  request?: PushRequest
}
