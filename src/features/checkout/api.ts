// Checkout calls (docs/product.md §12): the server's price of a stay, which the screen shows and sends back,
// and the checkout itself. The price is never persisted: it is asked again on every visit.
import { queryOptions } from '@tanstack/react-query'

import type { BookingPriceRequest, CheckoutRequest } from '@/contract/bookings'
import type { PayPalOrderRequest } from '@/contract/payments'
import {
  bookingPrice,
  checkCheckoutSession as checkSessionRoute,
  checkout as checkoutRoute,
  checkPayPalOrder as checkOrderRoute,
  createPayPalOrder as createOrderRoute,
  validateAccessToken,
  validateEmail,
} from '@/contract/routes'
import { isSessionUser } from '@/entities/session/session'
import { startSession } from '@/entities/session/session-lifecycle'
import { call } from '@/lib/api-client'
import { DEVICE_ENTRIES, readDevice, writeDevice } from '@/lib/device-store'
import { STALE_TIME } from '@/lib/query-client'
import { KEY_ROOTS } from '@/lib/query-keys'

export interface StayChoice {
  propertyId: string
  from: string
  to: string
  cancellation: boolean
  amendments: boolean
}

export const checkoutKeys = {
  all: () => [KEY_ROOTS.checkout] as const,
  price: (stay: StayChoice) => [...checkoutKeys.all(), 'price', stay] as const,
}

export const fetchBookingPrice = (stay: BookingPriceRequest, signal?: AbortSignal) =>
  call(bookingPrice, { body: stay, signal })

export const bookingPriceQueryOptions = (stay: StayChoice) =>
  queryOptions({
    queryKey: checkoutKeys.price(stay),
    queryFn: ({ signal }) => fetchBookingPrice(stay, signal),
    // Short: the price shown must be the server's current one (it is compared when booking), but the
    // route loader's answer serves the screen it loads.
    staleTime: STALE_TIME.personal,
  })

export const checkout = (request: CheckoutRequest) => call(checkoutRoute, { body: request })

export const emailAvailable = (email: string) => call(validateEmail, { body: { email } })

/**
 * A guest's checkout signed them in on this browser (docs/product.md §12): the app takes up that user, to
 * show the booking. Nothing happens when the server knows no session here.
 */
export async function takeUpGuestSession(): Promise<void> {
  const signedIn = await call(validateAccessToken).catch(() => null)
  if (isSessionUser(signedIn)) await startSession(signedIn, false)
}

/** Stripe's return (`/checkout-session/{sessionId}`): the server asks Stripe whether the session was paid. */
export const checkCheckoutSession = (sessionId: string) => call(checkSessionRoute, { params: { sessionId } })

export const createPayPalOrder = (order: PayPalOrderRequest) => call(createOrderRoute, { body: order })

/** Once the buyer approved at PayPal: the server captures the order and marks the booking paid. */
export const checkPayPalOrder = (bookingId: string, orderId: string) =>
  call(checkOrderRoute, { params: { bookingId, orderId } })

/**
 * The checkout a Stripe payment left from (session storage, src/lib/device-store.ts), kept for the way back
 * when the payment fails: Stripe's return is a full page load, and the renter should land on the same stay
 * with the same options.
 */
export function rememberCheckout(href: string): void {
  // Storage refused (private mode quotas): the failure screen then offers the search instead.
  writeDevice(DEVICE_ENTRIES.checkoutReturn, href)
}

export function rememberedCheckout(): string | null {
  return readDevice(DEVICE_ENTRIES.checkoutReturn)
}
