// A visitor's details to book as a guest (docs/product.md §12), on zod/mini: the checkout form validates with
// this schema and the server checks the same request with it, so both refuse exactly the same input and
// answer the same field codes (src/domain/auth-messages.ts FIELD_ERRORS).

import { FIELD_ERRORS as E } from '../domain/auth-messages.ts'
import { isPhoneNumber } from '../domain/input-rules.ts'
import { z } from '../domain/zod-mini.ts'
import { birthDateSchema, emailSchema, fullNameSchema, languageSchema, text } from './accounts.ts'

/** A guest must give a phone number: the agency calls them about the stay. */
const guestPhoneSchema = text(E.invalidPhone).check(
  z.trim(),
  z.minLength(1, { error: E.required }),
  z.maxLength(30, { error: E.invalidPhone }),
  // Empty is said once, by 'required'.
  z.refine((phone) => phone === '' || isPhoneNumber(phone), { error: E.invalidPhone }),
)

/** The account a guest checkout makes, not activated yet (docs/product.md §7). */
export const guestSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: guestPhoneSchema,
  /** YYYY-MM-DD; the property may ask more than 21 years, which the server checks against it. */
  birthDate: birthDateSchema,
  acceptTerms: z.literal(true, { error: E.acceptTerms }),
  language: z._default(languageSchema, 'en'),
})
export type GuestDetails = z.input<typeof guestSchema>

/** A signed-in renter's checkout form: only the Terms of Use to accept. */
export const renterCheckoutSchema = z.object({
  acceptTerms: z.literal(true, { error: E.acceptTerms }),
})
