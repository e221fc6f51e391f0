// Requests and answers of the account calls (docs/product.md §13), shared by the client and the server. The
// server validates every body and path with these schemas: a failed rule answers 400 with the rule's message
// in `fields`, by field name (messages in ./auth-messages.ts, which the client can import without zod).
import { z } from 'zod'

import { AUTH_MESSAGES } from './auth-messages.ts'
import { idSchema } from './catalog.ts'
import { MINIMUM_AGE, PASSWORD_MIN_LENGTH } from './constants.ts'
import { APP_TYPES, LANGUAGES, USER_TYPES } from './enums.ts'
import { text } from './text.ts'

export { AUTH_ERROR_CODES, AUTH_MESSAGES, LINK_TTL_MS } from './auth-messages.ts'

const M = AUTH_MESSAGES
export const PASSWORD_MAX_LENGTH = 128

/** Trimmed and lower-cased: addresses are unique whatever their case. */
export const emailSchema = text({ error: M.invalidEmail }, M.invalidEmail)
  .trim()
  .max(254, M.invalidEmail)
  .pipe(z.email({ error: M.invalidEmail }))
  .transform((email) => email.toLowerCase())

export const passwordSchema = text({ error: M.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)

/** `+33 6 12 34 56 78`, `(555) 010-0199`: 6 to 15 digits with the usual separators; '' means none. */
export const phoneSchema = text({ error: M.invalidPhone }, M.invalidPhone)
  .trim()
  .max(30, M.invalidPhone)
  .refine((phone) => phone === '' || (/^\+?[0-9 ().-]+$/.test(phone) && /^(\D*\d){6,15}\D*$/.test(phone)), {
    error: M.invalidPhone,
  })
  .transform((phone) => (phone === '' ? null : phone))

export const fullNameSchema = text({ error: M.fillInField }).trim().min(1, M.fillInField).max(200)

/** Whether someone born on `birthDate` (YYYY-MM-DD) is at least `years` old on `today` (UTC). */
export function isAtLeast(birthDate: string, years: number, today = new Date()): boolean {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number]
  const ty = today.getUTCFullYear()
  const tm = today.getUTCMonth() + 1
  const td = today.getUTCDate()
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
  return age >= years
}

/** A real past date, and at least 21 years ago (docs/product.md §8, §10). */
export const birthDateSchema = z
  .string({ error: M.invalidDate })
  .pipe(z.iso.date({ error: M.invalidDate }))
  .refine((date) => date >= '1900-01-01' && date <= new Date().toISOString().slice(0, 10), {
    error: M.invalidDate,
    abort: true,
  })
  .refine((date) => isAtLeast(date, MINIMUM_AGE), { error: M.tooYoung })

export const languageSchema = z.enum(LANGUAGES)
export const appTypeSchema = z.enum(APP_TYPES)

/** The user as every account call answers with it; nothing else of the stored row ever leaves the server. */
export const publicUserSchema = z.object({
  _id: idSchema,
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  bio: z.string().nullable(),
  language: languageSchema,
  enableEmailNotifications: z.boolean(),
  blacklisted: z.boolean(),
  /** A file name under /images/avatars/ (or a URL), null when none. */
  avatar: z.string().nullable(),
  type: z.enum(USER_TYPES),
  /** False for accounts made by social sign-in until they choose a password. */
  hasPassword: z.boolean(),
  /** Whether the address was confirmed through the e-mailed link (docs/product.md §7). */
  activated: z.boolean(),
})
export type PublicUser = z.infer<typeof publicUserSchema>

/** POST /api/sign-up → 200 `{ _id }`; the activation e-mail is sent in `language`. */
export const signUpSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    /** Optional: when sent, it must match. */
    confirmPassword: text().max(PASSWORD_MAX_LENGTH).optional(),
    fullName: fullNameSchema,
    /** YYYY-MM-DD */
    birthDate: birthDateSchema,
    language: languageSchema.default('en'),
    phone: phoneSchema.optional(),
    acceptTerms: z.literal(true, { error: M.acceptTerms }),
    /** reCAPTCHA (when the server has it on; skipped on Safari, docs/product.md §7). */
    recaptchaToken: text().min(1).max(4000).optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    error: M.passwordsDontMatch,
    path: ['confirmPassword'],
  })
export type SignUpRequest = z.input<typeof signUpSchema>
export const signUpResponseSchema = z.object({ _id: idSchema })

/** POST /api/sign-in/{appType} → the public user and the session cookie. */
export const signInSchema = z.object({
  email: text(undefined, M.invalidEmail).trim().min(1, M.invalidEmail).max(254, M.invalidEmail),
  password: text().min(1, M.fillInField).max(1024, M.incorrectCredentials),
  stayConnected: z.boolean().optional(),
})
export type SignInRequest = z.input<typeof signInSchema>

/** Path of GET /api/check-token/{appType}/{userId}/{email}/{token}. */
export const tokenLinkParamsSchema = z.object({
  appType: appTypeSchema,
  userId: idSchema,
  email: text(undefined, M.invalidEmail).max(254),
  token: text().max(256),
})
/** Answer of check-token: the link is good; `passwordReset` says which kind of link it is. */
export const checkTokenResponseSchema = z.object({
  valid: z.literal(true),
  passwordReset: z.boolean(),
  hasPassword: z.boolean(),
})

/** POST /api/activate → the public user, signed in. `password`: needed when the account has none, or on reset. */
export const activateSchema = z.object({
  userId: idSchema,
  token: text().min(1).max(256),
  password: passwordSchema.optional(),
})
export type ActivateRequest = z.input<typeof activateSchema>

export const resendParamsSchema = z.object({
  appType: appTypeSchema,
  email: text(undefined, M.invalidEmail).max(254),
  isPasswordReset: z.enum(['true', 'false']).transform((value) => value === 'true'),
})
export const sentResponseSchema = z.object({ sent: z.boolean() })

/** POST /api/validate-email → `{ available }`: whether sign-up would accept the address. */
export const validateEmailSchema = z.object({ email: emailSchema })
export const validateEmailResponseSchema = z.object({ available: z.boolean() })

/** POST /api/resend-link (signed in): sends the activation e-mail to the user's own address again. */
export const resendLinkSchema = z.object({ email: text(undefined, M.invalidEmail).max(254).optional() })

export const idParamsSchema = z.object({ id: idSchema })
export const userIdParamsSchema = z.object({ userId: idSchema })

/** POST /api/update-language → the public user. Takes `id` (docs/product.md §13) or `_id`. */
export const updateLanguageSchema = z
  .object({ id: idSchema.optional(), _id: idSchema.optional(), language: languageSchema })
  .refine((body) => body.id !== undefined || body._id !== undefined, {
    error: 'id is required',
    path: ['id'],
  })

/** POST /api/update-user → the public user. Absent fields are left as they are. */
export const updateUserSchema = z.object({
  _id: idSchema,
  fullName: fullNameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  birthDate: birthDateSchema.optional(),
  bio: text().trim().max(1000).nullable().optional(),
})
export type UpdateUserRequest = z.input<typeof updateUserSchema>

/** POST /api/update-email-notifications → the public user. */
export const updateEmailNotificationsSchema = z.object({
  _id: idSchema,
  enableEmailNotifications: z.boolean(),
})

/** Path of GET /api/check-password/{id}/{password} → `{ valid }`. */
export const checkPasswordParamsSchema = z.object({ id: idSchema, password: text().max(1024) })
export const checkPasswordResponseSchema = z.object({ valid: z.boolean() })

/**
 * POST /api/change-password → `{ changed: true }`; every other session of the user ends. `password`: the
 * current one, required when the account has one (400 'Wrong password' in `fields.password` when wrong).
 */
export const changePasswordSchema = z.object({
  _id: idSchema,
  password: text().max(1024).optional(),
  newPassword: passwordSchema,
})
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>

export const hasPasswordResponseSchema = z.object({ hasPassword: z.boolean() })
