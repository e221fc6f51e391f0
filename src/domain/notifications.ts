// Notifications and web push (docs/product.md §12, §13): what a push carries, which the server writes and the
// service worker reads. The routes' schemas are the contract's (src/contract/notifications.ts).

/** What a push carries: the server writes it, the service worker (sw/sw.ts) reads it. */
export interface PushPayload {
  title: string
  body: string
  /** A path of the app, opened or focused on click. */
  url: string
  /** The unread count: the app badge (0 clears it). */
  badge: number
  tag: string
}
