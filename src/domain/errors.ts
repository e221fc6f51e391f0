export { API_ERROR_CODES, type ApiErrorCode, UNHANDLED_ERROR_MESSAGE } from './error-codes.ts'

/** The one error body the API answers with, for every 4xx and 5xx. */
export interface ApiErrorBody {
  error: string
  message: string
  /** For a 400 on a form: the code of each invalid field, by field name (./auth-messages.ts FIELD_ERRORS). */
  fields?: Record<string, string>
}
