// Checkout calls (docs/product.md §12): the server's price of a stay, which the screen shows and sends back,
// and the checkout itself. The price is never persisted: it is asked again on every visit.
import { queryOptions } from '@tanstack/react-query'

import type { BookingPrice, BookingPriceRequest, CheckoutRequest, CheckoutResponse } from '@/domain/booking'
import { apiFetch } from '@/lib/api-client'
import { STALE_TIME } from '@/lib/query-client'

export interface StayChoice {
  propertyId: string
  from: string
  to: string
  cancellation: boolean
  amendments: boolean
}

export const checkoutKeys = {
  all: ['checkout'] as const,
  price: (stay: StayChoice) => [...checkoutKeys.all, 'price', stay] as const,
}

export const fetchBookingPrice = (stay: BookingPriceRequest, signal?: AbortSignal) =>
  apiFetch<BookingPrice>('/api/booking-price', { method: 'POST', body: stay, signal })

export const bookingPriceQueryOptions = (stay: StayChoice) =>
  queryOptions({
    queryKey: checkoutKeys.price(stay),
    queryFn: ({ signal }) => fetchBookingPrice(stay, signal),
    // Short: the price shown must be the server's current one (it is compared when booking), but the
    // route loader's answer serves the screen it loads.
    staleTime: STALE_TIME.personal,
  })

export const checkout = (request: CheckoutRequest) =>
  apiFetch<CheckoutResponse>('/api/checkout', { method: 'POST', body: request })

export const emailAvailable = (email: string) =>
  apiFetch<{ available: boolean }>('/api/validate-email', { method: 'POST', body: { email } })

/** The user a guest checkout signed in on this browser (docs/product.md §12). */
export const fetchSignedInUser = () => apiFetch<unknown>('/api/validate-access-token', { method: 'POST' })
