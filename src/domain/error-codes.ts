// The API's error codes, without zod, so that any client chunk can read them (./errors.ts has the schema).
import { BOOKING_ERROR_CODES } from './booking-messages.ts'
import { PROPERTY_ERROR_CODES } from './property-rules.ts'

/** Machine-readable codes in `error`; `message` is the English text for humans. */
export const API_ERROR_CODES = {
  validation: 'validation',
  notFound: 'not_found',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  conflict: 'conflict',
  tooLarge: 'too_large',
  rateLimited: 'rate_limited',
  internal: 'internal',
  /** 503: the database does not answer for now; the same call may work in a moment. */
  unavailable: 'unavailable',
  /** 503: a change could not be saved with what it tells of (its notifications, e-mails, pushes): undone. */
  changeNotSaved: 'change_not_saved',
  /** A blacklisted user (src/domain/auth-messages.ts). */
  suspended: 'suspended',
  /** An activation or reset link that is unknown, used or expired. */
  linkExpired: 'link_expired',
  /** A password sign-in to an account not activated yet (src/domain/auth-messages.ts). */
  notActivated: 'not_activated',
  /** The account answers of src/domain/auth-messages.ts AUTH_ERROR_CODES. */
  incorrectCredentials: 'incorrect_credentials',
  emailTaken: 'email_taken',
  emailNotRegistered: 'email_not_registered',
  /** reCAPTCHA refused the token, or the provider could not be asked ('reCAPTCHA error'). */
  recaptchaFailed: 'recaptcha_failed',
  /** Social sign-in: the provider is not configured on this server. */
  socialNotEnabled: 'social_not_enabled',
  /** Social sign-in: the provider's token did not verify. */
  socialNotVerified: 'social_not_verified',
  /** Social sign-in: the provider could not be reached to verify it. */
  socialProviderUnavailable: 'social_provider_unavailable',
  /** Social sign-in: the provider shared no e-mail address and none was typed. */
  socialNoEmail: 'social_no_email',
  /** Social sign-in to an account that is not a renter's. */
  notARenter: 'not_a_renter',
  /** Avatar upload: the form carried no file. */
  noImage: 'no_image',
  /** Avatar upload: the file is not an image the server can read. */
  notAnImage: 'not_an_image',
  /** The booking refusals of ./booking-messages.ts BOOKING_ERROR_CODES. */
  ...BOOKING_ERROR_CODES,
  /** The listing refusals of ./property-rules.ts PROPERTY_ERROR_CODES. */
  ...PROPERTY_ERROR_CODES,
} as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES]

export const UNHANDLED_ERROR_MESSAGE = 'An unhandled error occurred.'
