// Account messages of docs/product.md §8 and §9, word for word in English, and the translation of the codes
// the API answers with: each field's code, and the `error` code of a refusal. The client never reads the
// English `message` of an answer. Shared by the auth, settings, contact, checkout and bookings features.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import type { AdminRefusal } from '@/domain/admin'
import type { FieldErrorCode } from '@/domain/auth-messages'
import { MAX_UNPAID_HOLDS } from '@/domain/constants'
import { API_ERROR_CODES } from '@/domain/error-codes'

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

/** What each field code (src/domain/auth-messages.ts FIELD_ERRORS) says beside its field. */
export const fieldMessages: Record<FieldErrorCode, MessageDescriptor> = {
  required: accountMessages.fillInField,
  invalid: msg`This value is not valid.`,
  invalid_email: accountMessages.invalidEmail,
  invalid_phone: accountMessages.invalidPhone,
  invalid_date: accountMessages.invalidDate,
  too_young: accountMessages.tooYoung,
  password_too_short: accountMessages.passwordTooShort,
  password_too_long: accountMessages.passwordTooLong,
  passwords_dont_match: accountMessages.passwordsDontMatch,
  accept_terms: accountMessages.acceptTos,
  wrong_password: accountMessages.wrongPassword,
  email_taken: accountMessages.emailTaken,
  email_not_registered: accountMessages.emailNotRegistered,
  invalid_character: accountMessages.invalidCharacter,
  too_long: msg`This text is too long.`,
  price_changed: msg`The price of this stay has changed. Check it and book again.`,
  option_unavailable: msg`This option is not offered for this property.`,
  start_in_past: msg`The stay cannot start in the past.`,
  dates_invalid: msg`The end date must be after the start date.`,
  stay_too_long: msg`A stay is at most 365 nights.`,
  start_too_far: msg`A stay must start within the next two years.`,
  pay_later_unavailable: msg`This agency does not allow paying later.`,
  provider_unavailable: msg`This payment method is not available.`,
  message_empty: msg`Please write a message.`,
  message_too_long: msg`A message is at most 2,000 characters.`,
  price_range_invalid: msg`The highest price must not be below the lowest.`,
  dates_required: msg`Choose the dates of the stay first.`,
  // docs/product.md §8 and §6, Listings: the property form's.
  no_image: msg`Please add an image.`,
  minimum_age_too_low: msg`The minimum age must be greater than or equal to 21.`,
  price_not_positive: msg`The price must be above 0.`,
  option_invalid: msg`Enter -1 (not offered), 0 (included) or a fee above 0.`,
}

/** docs/product.md §16: the administration's refusals (src/domain/admin.ts ADMIN_REFUSALS), by their codes. */
const adminRefusalMessages: Record<AdminRefusal, MessageDescriptor> = {
  admin_only: msg`Only an administrator can do this.`,
  suspend_renters_only: msg`Only a renter’s account can be suspended: an agency is deactivated instead.`,
  already_activated: msg`This account is already activated.`,
  agency_has_bookings: msg`This agency cannot be deleted: a booking holds one of its properties. Deactivate it instead.`,
  location_in_use: msg`This place cannot be deleted: a property is in it.`,
  location_has_places: msg`This place cannot be deleted: other places are inside it.`,
  country_in_use: msg`This country cannot be deleted: it has places, or an agency serves it.`,
  country_code_taken: msg`Another country already has this code.`,
}

/** docs/product.md §12, Unpaid holds. */
const unpaidLimit = MAX_UNPAID_HOLDS

/**
 * What each specific `error` code of an API answer tells the user. Generic codes (validation, internal…)
 * are not here: for those the screen says what failed in its own words.
 */
const codeMessages: Partial<Record<string, MessageDescriptor>> = {
  [API_ERROR_CODES.incorrectCredentials]: accountMessages.incorrectCredentials,
  [API_ERROR_CODES.emailTaken]: accountMessages.emailTaken,
  [API_ERROR_CODES.emailNotRegistered]: accountMessages.emailNotRegistered,
  [API_ERROR_CODES.suspended]: accountMessages.suspended,
  [API_ERROR_CODES.linkExpired]: accountMessages.activationExpired,
  [API_ERROR_CODES.notActivated]: accountMessages.notActivated,
  [API_ERROR_CODES.unauthorized]: accountMessages.signInRequired,
  [API_ERROR_CODES.forbidden]: accountMessages.notYourAccount,
  [API_ERROR_CODES.changeNotSaved]: msg`Your change could not be saved, and nothing was changed. Try again in a moment.`,
  // docs/product.md §12: the booking refusals.
  [API_ERROR_CODES.propertyUnavailable]: msg`This property cannot be booked.`,
  [API_ERROR_CODES.alreadyBooked]: msg`This property is already booked for these dates.`,
  [API_ERROR_CODES.rentersOnly]: msg`Only a renter account can book.`,
  [API_ERROR_CODES.unpaidHoldsLimit]: msg`You already have ${unpaidLimit} bookings that are not paid yet. Pay for one, or wait for the agency’s answer, before you book another stay.`,
  [API_ERROR_CODES.unverifiedHoldsLimit]: msg`Activate your account with the link we e-mailed you before you book another stay.`,
  [API_ERROR_CODES.cancellationNotTaken]: msg`This booking was made without the cancellation option.`,
  [API_ERROR_CODES.cancellationTooLate]: msg`This booking has started or is cancelled: it can no longer be cancelled here.`,
  [API_ERROR_CODES.cancellationDecided]: msg`This booking is cancelled: the request can no longer be withdrawn.`,
  [API_ERROR_CODES.paymentFailed]: msg`Payment failed.`,
  // docs/product.md §6, Listings.
  [API_ERROR_CODES.propertyBooked]: msg`This property has bookings, so it cannot be deleted: hide it instead.`,
  [API_ERROR_CODES.paymentLapsed]: msg`Your payment reached us after your booking had lapsed: it is being refunded in full.`,
  // The back office's blocked nights.
  [API_ERROR_CODES.nightsHeld]: msg`Some of these nights are booked or closed already.`,
  ...adminRefusalMessages,
}

/**
 * What to tell the user about a failed call: the meaning of the answer's code when it has a specific one,
 * else the given fallback (a screen's own product message), the offline notice, or the generic one.
 */
export function errorMessage(error: unknown, fallback?: MessageDescriptor): MessageDescriptor {
  if (error instanceof NetworkError) return accountMessages.offline
  if (error instanceof ApiError) {
    const known = codeMessages[error.code]
    if (known) return known
  }
  return fallback ?? accountMessages.unhandled
}
