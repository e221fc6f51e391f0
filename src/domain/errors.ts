import { z } from 'zod'

export { API_ERROR_CODES, type ApiErrorCode, UNHANDLED_ERROR_MESSAGE } from './error-codes.ts'

/** The one error body the API answers with, for every 4xx and 5xx. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** For a 400 on a form: the code of each invalid field, by field name (./auth-messages.ts FIELD_ERRORS). */
  fields: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
