// Checkout, payments and bookings (docs/product.md §12): the price breakdown built on the one formula of
// ./price.ts, the options a booking has, and the texts the server answers with; the routes' shapes are the
// contract's (src/contract/bookings.ts, payments.ts). The server computes every price, status, renter and
// agency itself; the client's `price` is only compared with it.
import { AUTH_MESSAGES } from './auth-messages.ts'
import { BOOKING_FIELD_ERROR_TEXTS } from './booking-messages.ts'
import { MAX_UNPAID_HOLDS, MINIMUM_AGE } from './constants.ts'
import { roundToCents } from './currency.ts'
import { PAYMENT_PROVIDERS, type RENTAL_TERMS } from './enums.ts'
import { isAtLeast } from './input-rules.ts'
import { type DateInput, optionPolicy, rentalDays, rentalPrice } from './price.ts'

export { BOOKING_ERROR_CODES, BOOKING_FIELD_ERRORS } from './booking-messages.ts'

/**
 * What the booking calls answer with in `message`, in English, for people reading the API; the client
 * translates the codes of ./booking-messages.ts instead.
 */
export const BOOKING_MESSAGES = {
  // docs/product.md §9, word for word.
  paymentFailed: 'Payment failed.',
  tooYoung: AUTH_MESSAGES.tooYoung,
  acceptTerms: AUTH_MESSAGES.acceptTerms,
  fillInField: AUTH_MESSAGES.fillInField,
  alreadyRegistered: AUTH_MESSAGES.alreadyRegistered,
  // Haven's own.
  priceChanged: BOOKING_FIELD_ERROR_TEXTS.price_changed,
  optionUnavailable: BOOKING_FIELD_ERROR_TEXTS.option_unavailable,
  datesInvalid: BOOKING_FIELD_ERROR_TEXTS.dates_invalid,
  startInPast: BOOKING_FIELD_ERROR_TEXTS.start_in_past,
  propertyUnavailable: 'This property cannot be booked.',
  alreadyBooked: 'This property is already booked for these dates.',
  paymentLapsed: 'Your payment reached us after your booking had lapsed: it is being refunded in full.',
  payLaterUnavailable: BOOKING_FIELD_ERROR_TEXTS.pay_later_unavailable,
  providerUnavailable: BOOKING_FIELD_ERROR_TEXTS.provider_unavailable,
  bookingNotFound: 'This booking does not exist.',
  notYourBooking: 'This is not your booking.',
  cancellationNotTaken: 'This booking was made without the cancellation option.',
  cancellationTooLate: 'This booking has started or is cancelled: it can no longer be cancelled here.',
  cancellationDecided: 'This booking is cancelled: the request can no longer be withdrawn.',
  amendmentsNotTaken: 'This booking was made without the amendment option.',
  amendmentTooLate: 'This booking has started or is cancelled: its dates can no longer be changed here.',
  amendmentPriceDiffers:
    'This booking is paid: its dates can change only for a stay of the same price. Contact the agency for any other change.',
  unpaidHoldsLimit: `You already have ${MAX_UNPAID_HOLDS} bookings that are not paid yet. Pay for one, or wait for the agency’s answer, before you book another stay.`,
  unverifiedHoldsLimit: 'Activate your account with the link we e-mailed you before you book another stay.',
  guestDetailsRequired: 'Sign in, or give your details to book as a guest.',
  rentersOnly: 'Only a renter account can book.',
  nightsHeld: 'Some of these nights are booked or closed already.',
  blockedNightsNotFound: 'These closed nights do not exist.',
  propertyNotFound: 'This property does not exist.',
  notYourProperty: 'This is not your property.',
} as const

/** The minimum age message for a property: 'You must be at least 21 years old.' (docs/product.md §8). */
export const minimumAgeMessage = (years: number) =>
  years === MINIMUM_AGE ? BOOKING_MESSAGES.tooYoung : `You must be at least ${years} years old.`

/** Payment choices at checkout: pay later (when the agency allows it) or online with a provider. */
export const PAYMENT_METHODS = ['payLater', ...PAYMENT_PROVIDERS] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/**
 * An unpaid online checkout holds its temporary booking this long, the provider's session as long: Stripe
 * refuses a session that expires less than 30 minutes after it is made, hence the margin.
 */
export const PAYMENT_WINDOW_MS = 35 * 60 * 1000

export interface PropertyOptions {
  price: number
  rentalTerm: (typeof RENTAL_TERMS)[number]
  /** −1 unavailable, 0 included, > 0 a fee (docs/product.md §6). */
  cancellation: number
  amendments: number
}

export interface ChosenOptions {
  cancellation: boolean
  amendments: boolean
}

/**
 * The options a booking actually has: an included option (0) is always taken, an unavailable one (−1) never.
 * Undefined when the renter asked for an unavailable option, which the server refuses.
 */
export function resolveOptions(
  property: Pick<PropertyOptions, 'cancellation' | 'amendments'>,
  chosen: ChosenOptions,
): { options: ChosenOptions; refused: (keyof ChosenOptions)[] } {
  const refused: (keyof ChosenOptions)[] = []
  const resolve = (name: keyof ChosenOptions): boolean => {
    const policy = optionPolicy(property[name])
    if (policy === 'unavailable') {
      if (chosen[name]) refused.push(name)
      return false
    }
    return policy === 'included' ? true : chosen[name]
  }
  return { options: { cancellation: resolve('cancellation'), amendments: resolve('amendments') }, refused }
}

export interface PriceBreakdown {
  days: number
  /** The stay alone, by rental term (docs/product.md §11). */
  rental: number
  cancellationFee: number
  amendmentsFee: number
  total: number
}

/**
 * The price of a stay with its options: the rental price formula of ./price.ts (which adds the cancellation
 * fee), plus the amendment fee, which Haven adds the same way (docs/product.md §11). In the base currency.
 */
export function priceBreakdown(
  property: PropertyOptions,
  stay: { from: DateInput; to: DateInput },
  options: ChosenOptions,
): PriceBreakdown {
  const rental = rentalPrice(property, { ...stay, cancellation: false })
  const withCancellation = rentalPrice(property, { ...stay, cancellation: options.cancellation })
  const amendmentsFee = options.amendments && property.amendments > 0 ? property.amendments : 0
  return {
    days: rentalDays(stay.from, stay.to),
    rental,
    cancellationFee: roundToCents(withCancellation - rental),
    amendmentsFee,
    total: roundToCents(withCancellation + amendmentsFee),
  }
}

/** A property's stored price and option values, as the breakdown reads them (numbers, not the drivers' strings). */
export const pricingOf = (property: {
  price: number | string
  rentalTerm: PropertyOptions['rentalTerm']
  cancellation: number | string
  amendments: number | string
}): PropertyOptions => ({
  price: Number(property.price),
  rentalTerm: property.rentalTerm,
  cancellation: Number(property.cancellation),
  amendments: Number(property.amendments),
})

/**
 * What a booking keeps of its price: the options it has and the breakdown as the renter was shown it, the
 * total as `price`.
 */
export function pricedBooking(
  property: PropertyOptions,
  stay: { from: DateInput; to: DateInput },
  chosen: ChosenOptions,
) {
  const { options, refused } = resolveOptions(property, chosen)
  const breakdown = priceBreakdown(property, stay, options)
  return {
    refused,
    options,
    breakdown,
    columns: {
      ...options,
      price: breakdown.total,
      rentalPrice: breakdown.rental,
      cancellationFee: breakdown.cancellationFee,
      amendmentsFee: breakdown.amendmentsFee,
    },
  }
}

/** Whether someone born on `birthDate` may book a property asking `minimumAge` (never below 21). */
export const oldEnough = (birthDate: string, minimumAge: number, today = new Date()) =>
  isAtLeast(birthDate, Math.max(MINIMUM_AGE, minimumAge), today)
