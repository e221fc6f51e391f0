import { z } from 'zod'

/** The one error body the API answers with, for every 4xx and 5xx. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** For a 400 on a form: the message for each invalid field, by field name. */
  fields: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>

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
} as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES]

export const UNHANDLED_ERROR_MESSAGE = 'An unhandled error occurred.'
