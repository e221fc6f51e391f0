// The codes of the booking calls' refusals (docs/product.md §12), without zod, so that any client chunk can
// import them. The client translates these codes; the English texts of ./booking.ts BOOKING_MESSAGES are for
// people reading the API.

/** `error` codes of the booking and payment refusals a client must tell apart. */
export const BOOKING_ERROR_CODES = {
  /** 409: hidden behind no-availability, sold out, or its agency suspended ('This property cannot be booked.'). */
  propertyUnavailable: 'property_unavailable',
  /** 409: a booking that holds its nights overlaps the stay (docs/product.md §12, Holding rule). */
  alreadyBooked: 'already_booked',
  /** 409: the renter already holds MAX_UNPAID_HOLDS stays not paid yet (docs/product.md §12, Unpaid holds). */
  unpaidHoldsLimit: 'unpaid_holds_limit',
  /** 409: an account whose address is not verified already holds a stay not paid yet. */
  unverifiedHoldsLimit: 'unverified_holds_limit',
  /** 403: an agency or administrator account tried to book. */
  rentersOnly: 'renters_only',
  /** 409 on a cancellation request: the booking was made without the cancellation option. */
  cancellationNotTaken: 'cancellation_not_taken',
  /** 409 on a cancellation request: the stay has started or the booking is cancelled. */
  cancellationTooLate: 'cancellation_too_late',
  /** 409 on withdrawing a cancellation request: the booking is cancelled already, the request decided. */
  cancellationDecided: 'cancellation_decided',
  /** 409 on changing a booking's dates: the booking has not the amendment option (nor has it included). */
  amendmentsNotTaken: 'amendments_not_taken',
  /** 409 on changing a booking's dates: the stay has started, or the booking is cancelled. */
  amendmentTooLate: 'amendment_too_late',
  /** 409 on changing a paid booking's dates to a stay of another price (docs/product.md §12, Amendments). */
  amendmentPriceDiffers: 'amendment_price_differs',
  /** 400 or 502 from a payment call ('Payment failed.', docs/product.md §9). */
  paymentFailed: 'payment_failed',
  /** 409 from a payment call: the payment came after its booking had lapsed, and is refunded (§12). */
  paymentLapsed: 'payment_lapsed',
  /** 409 on closing nights of a property (the back office): a booking holds some, or they are closed already. */
  nightsHeld: 'nights_held',
} as const

/** Codes in `fields` of a 400 from the price and checkout calls, beside the account ones (FIELD_ERRORS). */
export const BOOKING_FIELD_ERRORS = {
  /** `price`: the total the renter saw is no longer the server's. */
  priceChanged: 'price_changed',
  /** `cancellation` or `amendments`: the property does not offer that option (−1). */
  optionUnavailable: 'option_unavailable',
  /** `from`: the stay starts before today. */
  startInPast: 'start_in_past',
  /** `to`: the end date is not after the start date. */
  datesInvalid: 'dates_invalid',
  /** `to`: the stay is longer than MAX_STAY_NIGHTS nights. */
  stayTooLong: 'stay_too_long',
  /** `from`: the stay starts more than BOOKING_HORIZON_DAYS days from today. */
  startTooFar: 'start_too_far',
  /** `payment`: the agency does not allow paying later. */
  payLaterUnavailable: 'pay_later_unavailable',
  /** `payment`: that payment provider is not configured. */
  providerUnavailable: 'provider_unavailable',
  /** `text`: a booking's message is empty. */
  messageEmpty: 'message_empty',
  /** `text`: a booking's message is longer than MAX_MESSAGE_LENGTH. */
  messageTooLong: 'message_too_long',
} as const

/** The English of each booking field code, for the server's `message` of a 400. */
export const BOOKING_FIELD_ERROR_TEXTS = {
  price_changed: 'The price of this stay has changed. Check it and book again.',
  option_unavailable: 'This option is not offered for this property.',
  start_in_past: 'The stay cannot start in the past.',
  dates_invalid: 'The end date must be after the start date.',
  stay_too_long: 'A stay is at most 365 nights.',
  start_too_far: 'A stay must start within the next two years.',
  pay_later_unavailable: 'This agency does not allow paying later.',
  provider_unavailable: 'This payment method is not available.',
  message_empty: 'Please write a message.',
  message_too_long: 'A message is at most 2,000 characters.',
} as const satisfies Record<(typeof BOOKING_FIELD_ERRORS)[keyof typeof BOOKING_FIELD_ERRORS], string>
