// The account texts the API answers with (docs/product.md §8, §9 word for word, others in the same voice),
// and their machine codes. Without zod, so the client can import them and map each text to its translation.

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

/** `error` codes of account answers beyond the generic ones (src/domain/errors.ts). */
export const AUTH_ERROR_CODES = {
  /** 403 on sign-in, validate-access-token and any signed-in call: the user is blacklisted. */
  suspended: 'suspended',
  /** 400 on check-token and activate: the link's token is unknown, used or older than a day. */
  linkExpired: 'link_expired',
  /** 403 on a password sign-in with the right password to an account whose e-mailed link was not followed. */
  notActivated: 'not_activated',
} as const

/** Activation and password-reset links live this long (docs/product.md §7). */
export const LINK_TTL_MS = 24 * 60 * 60 * 1000
