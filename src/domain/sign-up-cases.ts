// One table of sign-up inputs and the code each one must be refused with, run against the server's route
// (server/routes/auth.test.ts) and the client's form (src/features/auth/sign-up-form.test.tsx): the two
// must refuse exactly the same input, beside the same field, with the same code. Test data only.
import type { FieldErrorCode } from './auth-messages.ts'

/** A birth date `years` years ago, give or take `days`, on the UTC calendar the rules use. */
export function bornYearsAgo(years: number, days = 0, now = new Date()): string {
  const date = new Date(now)
  date.setUTCFullYear(date.getUTCFullYear() - years)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** What a person types in the sign-up form that every rule accepts (the form's own field names). */
export const VALID_SIGN_UP = {
  fullName: 'Nora Petit',
  email: 'nora@example.test',
  phone: '+33 6 12 34 56 78',
  birthDate: '1990-02-03',
  password: 'first-secret',
  confirmPassword: 'first-secret',
  acceptTerms: true,
}

export type SignUpCase = {
  /** What is wrong, for the test's name. */
  name: string
  change: Partial<Record<keyof typeof VALID_SIGN_UP, string | boolean>>
  field: keyof typeof VALID_SIGN_UP
  code: FieldErrorCode
  /** A date field holds only days that exist: the form cannot send this, and finds the field empty. */
  notTypeable?: true
}

export const SIGN_UP_REFUSALS: SignUpCase[] = [
  { name: 'no name', change: { fullName: '   ' }, field: 'fullName', code: 'required' },
  {
    name: 'a NUL in the name',
    change: { fullName: 'Ada\u0000' },
    field: 'fullName',
    code: 'invalid_character',
  },
  { name: 'no address', change: { email: '' }, field: 'email', code: 'required' },
  { name: 'not an address', change: { email: 'not-an-address' }, field: 'email', code: 'invalid_email' },
  {
    name: 'an address with a space',
    change: { email: 'ada lovelace@example.test' },
    field: 'email',
    code: 'invalid_email',
  },
  { name: 'letters in the phone', change: { phone: '12ab' }, field: 'phone', code: 'invalid_phone' },
  { name: 'too few digits', change: { phone: '12345' }, field: 'phone', code: 'invalid_phone' },
  {
    name: 'a phone over 30 characters',
    change: { phone: '+33 6 12 34 56 78 12 34 56 78 90 1' },
    field: 'phone',
    code: 'invalid_phone',
  },
  { name: 'no birth date', change: { birthDate: '' }, field: 'birthDate', code: 'required' },
  {
    name: 'a day that does not exist',
    change: { birthDate: '1990-02-30' },
    field: 'birthDate',
    code: 'invalid_date',
    notTypeable: true,
  },
  {
    name: 'born tomorrow',
    change: { birthDate: bornYearsAgo(0, 1) },
    field: 'birthDate',
    code: 'invalid_date',
  },
  { name: '21 tomorrow', change: { birthDate: bornYearsAgo(21, 1) }, field: 'birthDate', code: 'too_young' },
  { name: 'no password', change: { password: '', confirmPassword: '' }, field: 'password', code: 'required' },
  {
    name: 'a 5-character password',
    change: { password: 'five5', confirmPassword: 'five5' },
    field: 'password',
    code: 'password_too_short',
  },
  {
    name: 'a 129-character password',
    change: { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
    field: 'password',
    code: 'password_too_long',
  },
  {
    name: 'another confirmation',
    change: { confirmPassword: 'other-secret' },
    field: 'confirmPassword',
    code: 'passwords_dont_match',
  },
  { name: 'terms not accepted', change: { acceptTerms: false }, field: 'acceptTerms', code: 'accept_terms' },
]

/** Inputs at the edge that every rule accepts. */
export const SIGN_UP_ACCEPTED: SignUpCase['change'][] = [
  { birthDate: bornYearsAgo(21) },
  { phone: '' },
  { phone: '(555) 010-0199' },
  { email: ' Nora@Example.TEST ' },
  { password: 'six666', confirmPassword: 'six666' },
]
