// Query parameters of the checkout: the property and the stay chosen on the property screen.
import { isoDay, optionalId } from '@/lib/search-params'

export interface CheckoutScreenParams {
  property?: string
  from?: string
  to?: string
  /**
   * The booking this checkout made: the confirmation is in the URL because a guest's checkout signs them in,
   * and a new session remounts the whole app (src/app/providers.tsx).
   */
  booked?: string
  /** The booking was paid online on this page (PayPal): its confirmation says so. */
  paid?: true
  /** Dates were given but cannot make a stay: not calendar days, or the end not after the start. */
  datesInvalid?: true
}

export function validateCheckoutScreenParams(raw: Record<string, unknown>): CheckoutScreenParams {
  const from = isoDay(raw.from)
  const to = isoDay(raw.to)
  const valid = Boolean(from && to && from < to)
  const given = raw.from !== undefined || raw.to !== undefined
  return {
    property: optionalId(raw.property),
    from: valid ? from : undefined,
    to: valid ? to : undefined,
    booked: optionalId(raw.booked),
    ...(raw.paid === true || raw.paid === 'true' ? { paid: true as const } : {}),
    ...(given && !valid ? { datesInvalid: true as const } : {}),
  }
}
