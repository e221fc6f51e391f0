// The account texts the API answers with (docs/product.md §8, §9 word for word, others in the same voice),
// and their machine codes. Without zod, so that any client chunk can import them. The client translates the
// codes (`error`, and each value of `fields`), never the English texts, which are for people reading the API.
import { BOOKING_FIELD_ERROR_TEXTS, BOOKING_FIELD_ERRORS } from './booking-messages.ts'
import { PROPERTY_FIELD_ERROR_TEXTS, PROPERTY_FIELD_ERRORS } from './property-rules.ts'
import { SEARCH_FIELD_ERROR_TEXTS, SEARCH_FIELD_ERRORS } from './search-rules.ts'

/** The codes in `fields` of a 400, one per invalid field: the same schemas give them on the client and the server. */
export const FIELD_ERRORS = {
  /** A required field left empty ('Please fill in the field:'). */
  required: 'required',
  /** Of the wrong type or shape, where no more precise code applies. */
  invalid: 'invalid',
  invalidEmail: 'invalid_email',
  invalidPhone: 'invalid_phone',
  invalidDate: 'invalid_date',
  tooYoung: 'too_young',
  passwordTooShort: 'password_too_short',
  passwordTooLong: 'password_too_long',
  passwordsDontMatch: 'passwords_dont_match',
  acceptTerms: 'accept_terms',
  wrongPassword: 'wrong_password',
  /** Sign-up or a guest checkout with an address that has an account ('This email address is already registered.'). */
  emailTaken: 'email_taken',
  /** A password-reset request for an address with no account ('Email address not registered'). */
  emailNotRegistered: 'email_not_registered',
  invalidCharacter: 'invalid_character',
  tooLong: 'too_long',
  /** The price and checkout calls' own (./booking-messages.ts). */
  ...BOOKING_FIELD_ERRORS,
  /** The property search's own (./search-rules.ts). */
  ...SEARCH_FIELD_ERRORS,
  /** The property form's own (./property-rules.ts). */
  ...PROPERTY_FIELD_ERRORS,
} as const
export type FieldErrorCode = (typeof FIELD_ERRORS)[keyof typeof FIELD_ERRORS]

const FIELD_ERROR_CODES = new Set<string>(Object.values(FIELD_ERRORS))
export const isFieldErrorCode = (value: unknown): value is FieldErrorCode =>
  typeof value === 'string' && FIELD_ERROR_CODES.has(value)

/** `message` of an error answer, and `fields[name]` of a 400, in English. */
export const AUTH_MESSAGES = {
  // docs/product.md §8
  passwordTooShort: 'Password must be at least 6 characters long.',
  passwordsDontMatch: "Passwords don't match.",
  tooYoung: 'You must be at least 21 years old.',
  acceptTerms: 'Please accept the Terms of Use.',
  wrongPassword: 'Wrong password',
  emailNotRegistered: 'Email address not registered',
  fillInField: 'Please fill in the field:',
  // docs/product.md §8: Haven's wording for these three, the product gives none; the client shows the same
  // texts.
  invalidEmail: 'Please enter a valid e-mail address.',
  invalidPhone: 'Please enter a valid phone number.',
  invalidDate: 'Please enter a valid date.',
  // docs/product.md §9
  incorrectCredentials: 'Incorrect email or password.',
  suspended: 'Your account is suspended.',
  alreadyRegistered: 'This email address is already registered.',
  linkExpired: 'Your account activation link expired.',
  // Haven's own, not the product's.
  passwordTooLong: 'Password must be at most 128 characters long.',
  signInRequired: 'Please sign in.',
  notYourAccount: 'This is not your account.',
  wrongApp: 'This account cannot sign in here.',
  invalidCharacter: 'Please remove the invalid character.',
  // The activation strip's own words, so the client has them translated already.
  notActivated: 'Activate your account from the e-mail we sent you.',
} as const
export type AuthMessage = (typeof AUTH_MESSAGES)[keyof typeof AUTH_MESSAGES]

/**
 * The English of each field code, for `message` of a 400 (docs/product.md §8 word for word where it has one).
 * Made in a function marked pure: the client, which translates codes and never shows these texts, leaves them
 * out of its bundle (for the bundler, reading AUTH_MESSAGES' properties would otherwise be a side effect to
 * keep).
 */
export const FIELD_ERROR_TEXTS: Record<FieldErrorCode, string> = /* @__PURE__ */ (() => ({
  required: AUTH_MESSAGES.fillInField,
  invalid: 'This value is not valid.',
  invalid_email: AUTH_MESSAGES.invalidEmail,
  invalid_phone: AUTH_MESSAGES.invalidPhone,
  invalid_date: AUTH_MESSAGES.invalidDate,
  too_young: AUTH_MESSAGES.tooYoung,
  password_too_short: AUTH_MESSAGES.passwordTooShort,
  password_too_long: AUTH_MESSAGES.passwordTooLong,
  passwords_dont_match: AUTH_MESSAGES.passwordsDontMatch,
  accept_terms: AUTH_MESSAGES.acceptTerms,
  wrong_password: AUTH_MESSAGES.wrongPassword,
  email_taken: AUTH_MESSAGES.alreadyRegistered,
  email_not_registered: AUTH_MESSAGES.emailNotRegistered,
  invalid_character: AUTH_MESSAGES.invalidCharacter,
  too_long: 'This text is too long.',
  ...BOOKING_FIELD_ERROR_TEXTS,
  ...SEARCH_FIELD_ERROR_TEXTS,
  ...PROPERTY_FIELD_ERROR_TEXTS,
}))()

/** `error` codes of account answers beyond the generic ones (src/domain/errors.ts). */
export const AUTH_ERROR_CODES = {
  /** 401 on sign-in: no such account, or the wrong password ('Incorrect email or password.'). */
  incorrectCredentials: 'incorrect_credentials',
  /** 409 on sign-up (and a guest checkout): the address has an account already. */
  emailTaken: 'email_taken',
  /** 404 on a password-reset request for an address with no account. */
  emailNotRegistered: 'email_not_registered',

  /** 403 on sign-in, validate-access-token and any signed-in call: the user is blacklisted. */
  suspended: 'suspended',
  /** 400 on check-token and activate: the link's token is unknown, used or older than a day. */
  linkExpired: 'link_expired',
  /** 403 on a password sign-in with the right password to an account whose e-mailed link was not followed. */
  notActivated: 'not_activated',
} as const

/** Activation and password-reset links live this long (docs/product.md §7). */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000
