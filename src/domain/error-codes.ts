// The API's error codes, without zod, so that any client chunk can read them (./errors.ts has the schema).
import { BOOKING_ERROR_CODES } from './booking-messages.ts'

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
  /** The booking refusals of ./booking-messages.ts BOOKING_ERROR_CODES. */
  ...BOOKING_ERROR_CODES,
} as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES]

export const UNHANDLED_ERROR_MESSAGE = 'An unhandled error occurred.'
