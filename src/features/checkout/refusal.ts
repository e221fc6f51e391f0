// Reading the server's refusal of a price or a checkout: which message it means, and which form field it is for.
import type { MessageDescriptor } from '@lingui/core'

import { FIELD_ERRORS, isFieldErrorCode } from '@/domain/auth-messages'
import { ApiError } from '@/lib/api-client'
import { errorMessage, fieldMessages } from '@/ui/account-messages'

/** The meaning of a refused price or checkout: the code of its first field, else its `error` code. */
export function refusalMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.fields) {
    const code = Object.values(error.fields).find(isFieldErrorCode)
    if (code && code !== FIELD_ERRORS.invalid) return fieldMessages[code]
  }
  return errorMessage(error)
}

/** A 400 on a guest's details names its fields `guest.email`; the form's fields are `email`. */
export function withoutGuestPrefix(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, code]) => [field.replace(/^guest\./, ''), code]),
  )
  return new ApiError(error.status, error.code, error.message, fields)
}
