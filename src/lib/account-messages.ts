// Account messages of docs/product.md §8 and §9, word for word in English, and the rules the account forms
// check before asking the server (which checks them again). Shared by the auth and settings features.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import { AUTH_MESSAGES } from '@/domain/auth-messages'
import { MINIMUM_AGE, PASSWORD_MIN_LENGTH } from '@/domain/constants'

import { ApiError, NetworkError } from './api-client'

export const accountMessages = {
  passwordTooShort: msg`Password must be at least 6 characters long.`,
  passwordsDontMatch: msg`Passwords don't match.`,
  tooYoung: msg`You must be at least 21 years old.`,
  acceptTos: msg`Please accept the Terms of Use.`,
  invalidEmail: msg`Please enter a valid e-mail address.`,
  invalidPhone: msg`Please enter a valid phone number.`,
  invalidDate: msg`Please enter a valid date.`,
  fillInField: msg`Please fill in the field:`,
  fillInFields: msg`Please fill in the fields:`,
  fixErrors: msg`Please fix errors.`,
  wrongPassword: msg`Wrong password`,
  emailNotRegistered: msg`Email address not registered`,
  incorrectCredentials: msg`Incorrect email or password.`,
  suspended: msg`Your account is suspended.`,
  signUpError: msg`An error occurred during sign up.`,
  emailTaken: msg`This email address is already registered.`,
  activationExpired: msg`Your account activation link expired.`,
  sendValidationError: msg`An error occurred while sending validation email.`,
  updatePasswordError: msg`An error occurred while updating password.`,
  languageError: msg`An error occurred while changing language.`,
  unhandled: msg`An unhandled error occurred.`,
  offline: msg`You are offline. Try again once you are connected.`,
  checkingLink: msg`Checking your link…`,
  noPasswordYet: msg`Your account has no password yet: choose one to sign in with your e-mail address too.`,
  passwordTooLong: msg`Password must be at most 128 characters long.`,
  signInRequired: msg`Please sign in.`,
  notYourAccount: msg`This is not your account.`,
  wrongApp: msg`This account cannot sign in here.`,
  invalidCharacter: msg`Please remove the invalid character.`,
  // The activation strip's words: one translation for both.
  notActivated: msg`Activate your account from the e-mail we sent you.`,
  queued: msg`Saved on this device. It will be sent when you are back online.`,
  changesMade: msg`Changes made successfully.`,
  activationSent: msg`Activation email sent.`,
  validationSent: msg`Validation email sent.`,
  resetSent: msg`Password reset email sent.`,
  passwordChanged: msg`Password changed successfully.`,
  settingsUpdated: msg`Settings updated successfully.`,
} satisfies Record<string, MessageDescriptor>

/**
 * The API answers in English with the product's texts (`message`, and `fields` on a 400): each known text
 * maps to its descriptor so that it is shown in the interface language. Keys are the exact English texts.
 */
const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
  [AUTH_MESSAGES.passwordTooShort]: accountMessages.passwordTooShort,
  [AUTH_MESSAGES.passwordsDontMatch]: accountMessages.passwordsDontMatch,
  [AUTH_MESSAGES.tooYoung]: accountMessages.tooYoung,
  [AUTH_MESSAGES.acceptTerms]: accountMessages.acceptTos,
  [AUTH_MESSAGES.wrongPassword]: accountMessages.wrongPassword,
  [AUTH_MESSAGES.emailNotRegistered]: accountMessages.emailNotRegistered,
  [AUTH_MESSAGES.fillInField]: accountMessages.fillInField,
  [AUTH_MESSAGES.invalidEmail]: accountMessages.invalidEmail,
  [AUTH_MESSAGES.invalidPhone]: accountMessages.invalidPhone,
  [AUTH_MESSAGES.invalidDate]: accountMessages.invalidDate,
  [AUTH_MESSAGES.incorrectCredentials]: accountMessages.incorrectCredentials,
  [AUTH_MESSAGES.suspended]: accountMessages.suspended,
  [AUTH_MESSAGES.alreadyRegistered]: accountMessages.emailTaken,
  [AUTH_MESSAGES.linkExpired]: accountMessages.activationExpired,
  [AUTH_MESSAGES.passwordTooLong]: accountMessages.passwordTooLong,
  [AUTH_MESSAGES.signInRequired]: accountMessages.signInRequired,
  [AUTH_MESSAGES.notYourAccount]: accountMessages.notYourAccount,
  [AUTH_MESSAGES.wrongApp]: accountMessages.wrongApp,
  [AUTH_MESSAGES.invalidCharacter]: accountMessages.invalidCharacter,
  [AUTH_MESSAGES.notActivated]: accountMessages.notActivated,
  'Please fill in the fields:': accountMessages.fillInFields,
  'Please fix errors.': accountMessages.fixErrors,
  'An error occurred during sign up.': accountMessages.signUpError,
  'An error occurred while sending validation email.': accountMessages.sendValidationError,
  'An error occurred while updating password.': accountMessages.updatePasswordError,
  'An error occurred while changing language.': accountMessages.languageError,
  // UNHANDLED_ERROR_MESSAGE of src/domain/errors.ts, which would bring zod along.
  'An unhandled error occurred.': accountMessages.unhandled,
}

/** The descriptor for a server's English message, or undefined when it is not one of the product's. */
export function serverMessage(text: string | undefined): MessageDescriptor | undefined {
  return text === undefined ? undefined : SERVER_MESSAGES[text]
}

/**
 * What to tell the user about a failed call: the server's own message when it is a known one, else the
 * given fallback (a screen's own product message), the offline notice, or the generic one.
 */
export function errorMessage(error: unknown, fallback?: MessageDescriptor): MessageDescriptor {
  if (error instanceof NetworkError) return accountMessages.offline
  if (error instanceof ApiError) {
    const known = serverMessage(error.message)
    if (known) return known
  }
  return fallback ?? accountMessages.unhandled
}

/** A field error from the server's `fields`, translated when known. */
export function serverFieldMessage(text: string): MessageDescriptor | string {
  return serverMessage(text) ?? text
}

// --- Rules (docs/product.md §8). Each returns the message for an invalid value, or undefined.

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
// Digits with the usual separators and an optional leading +; 6 to 15 digits (E.164's maximum).
const PHONE_PATTERN = /^\+?[\d\s().-]+$/

export function checkEmail(email: string): MessageDescriptor | undefined {
  return EMAIL_PATTERN.test(email.trim()) && email.trim().length <= 254
    ? undefined
    : accountMessages.invalidEmail
}

export function checkPhone(phone: string): MessageDescriptor | undefined {
  const value = phone.trim()
  if (!value) return undefined
  const digits = value.replace(/\D/g, '').length
  return PHONE_PATTERN.test(value) && digits >= 6 && digits <= 15 ? undefined : accountMessages.invalidPhone
}

export function checkPassword(password: string): MessageDescriptor | undefined {
  return password.length >= PASSWORD_MIN_LENGTH ? undefined : accountMessages.passwordTooShort
}

export function checkConfirmation(password: string, confirmation: string): MessageDescriptor | undefined {
  return password === confirmation ? undefined : accountMessages.passwordsDontMatch
}

/** Age in whole years on `today` of someone born on `birthDate` (YYYY-MM-DD), or NaN for a bad date. */
export function ageOn(birthDate: string, today: Date = new Date()): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate)
  if (!match) return Number.NaN
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return Number.NaN
  const nowYear = today.getFullYear()
  const nowMonth = today.getMonth() + 1
  const nowDay = today.getDate()
  const hadBirthday = nowMonth > month || (nowMonth === month && nowDay >= day)
  return nowYear - year - (hadBirthday ? 0 : 1)
}

export function checkBirthDate(birthDate: string, today: Date = new Date()): MessageDescriptor | undefined {
  const age = ageOn(birthDate, today)
  if (Number.isNaN(age) || age > 150) return accountMessages.invalidDate
  return age >= MINIMUM_AGE ? undefined : accountMessages.tooYoung
}
