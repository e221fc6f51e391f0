// Accounts (docs/product.md §13): sign-up and the e-mail's links, sign-in, sign-out and the session. Their
// request and answer schemas, which the account forms validate with too (through `useSchemaForm`), so the
// form and the server refuse exactly the same input; a refused field answers a code (FIELD_ERRORS of
// src/domain/auth-messages.ts), which the client translates. Their routes, by key, at the end.
import { FIELD_ERRORS as E } from '../domain/auth-messages.ts'
import { MINIMUM_AGE, PASSWORD_MIN_LENGTH } from '../domain/constants.ts'
import { APP_TYPES, LANGUAGES, USER_TYPES } from '../domain/enums.ts'
import {
  hasNoNul,
  ID_PATTERN,
  isAtLeast,
  isCalendarDate,
  isOneLine,
  isPhoneNumber,
  OPERATION_ID_PATTERN,
  todayUtc,
} from '../domain/input-rules.ts'
import { z } from '../domain/zod-mini.ts'
import type { RouteTable } from './route.ts'
import {
  activate,
  checkToken,
  deleteTokens,
  resend,
  resendLink,
  signIn,
  signOut,
  signUp,
  validateAccessToken,
  validateEmail,
} from './routes.ts'

export const PASSWORD_MAX_LENGTH = 128

/**
 * A request text: a string (else `typeError`) without a NUL character. Further checks follow in order, and
 * the first one a value fails is the one its field shows (a form and the server both keep the first). No
 * check aborts the others: a whole-form rule (the confirmation matching) must still run to show every
 * mistake at once.
 */
export const text = (typeError: string = E.invalid) =>
  z.string({ error: typeError }).check(z.refine(hasNoNul, { error: E.invalidCharacter }))

/** A text that must not be blank: trimmed, then 'required' when empty, then at most `max` characters. */
export const requiredText = (max: number, typeError?: string) =>
  text(typeError).check(
    z.trim(),
    z.minLength(1, { error: E.required }),
    z.maxLength(max, { error: E.tooLong }),
  )

/** A one-line text (a name, a subject): trimmed, then refused with a line break or control character in it. */
export const lineText = (typeError?: string) =>
  text(typeError).check(z.trim(), z.refine(isOneLine, { error: E.invalidCharacter }))

/** A one-line text that must not be blank: as `requiredText`, on one line. */
export const requiredLine = (max: number, typeError?: string) =>
  lineText(typeError).check(z.minLength(1, { error: E.required }), z.maxLength(max, { error: E.tooLong }))

export const idSchema = z.string({ error: E.invalid }).check(z.regex(ID_PATTERN, { error: E.invalid }))

/** Trimmed and lower-cased: addresses are unique whatever their case. */
export const emailSchema = text(E.invalidEmail).check(
  z.trim(),
  z.minLength(1, { error: E.required }),
  z.maxLength(254, { error: E.invalidEmail }),
  z.regex(z.regexes.email, { error: E.invalidEmail }),
  z.toLowerCase(),
)

export const passwordSchema = text(E.passwordTooShort).check(
  z.minLength(1, { error: E.required }),
  z.minLength(PASSWORD_MIN_LENGTH, { error: E.passwordTooShort }),
  z.maxLength(PASSWORD_MAX_LENGTH, { error: E.passwordTooLong }),
)

/** A phone number, or '' for none (which the server stores as null). */
export const phoneSchema = z.pipe(
  text(E.invalidPhone).check(
    z.trim(),
    z.maxLength(30, { error: E.invalidPhone }),
    z.refine((phone) => phone === '' || isPhoneNumber(phone), { error: E.invalidPhone }),
  ),
  z.transform((phone) => (phone === '' ? null : phone)),
)

export const fullNameSchema = requiredLine(200)

/** A real past date, and at least 21 years ago (docs/product.md §8, §10), on the UTC clock everywhere. */
export const birthDateSchema = text(E.invalidDate).check(
  z.minLength(1, { error: E.required }),
  z.refine((date) => isCalendarDate(date) && date >= '1900-01-01' && date <= todayUtc(), {
    error: E.invalidDate,
    abort: true,
  }),
  z.refine((date) => isAtLeast(date, MINIMUM_AGE), { error: E.tooYoung }),
)

export const languageSchema = z.enum(LANGUAGES)
export const appTypeSchema = z.enum(APP_TYPES)

/** The user as every account call answers with it; nothing else of the stored row ever leaves the server. */
export const publicUserSchema = z.object({
  _id: idSchema,
  email: z.string(),
  fullName: z.string(),
  phone: z.nullable(z.string()),
  birthDate: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  language: languageSchema,
  enableEmailNotifications: z.boolean(),
  blacklisted: z.boolean(),
  /** A file name under /images/avatars/ (or a URL), null when none. */
  avatar: z.nullable(z.string()),
  type: z.enum(USER_TYPES),
  /** False for accounts made by social sign-in until they choose a password. */
  hasPassword: z.boolean(),
  /** Whether the address was confirmed through the e-mailed link (docs/product.md §7). */
  activated: z.boolean(),
})
export type PublicUser = z.infer<typeof publicUserSchema>

/** A new password and its confirmation: the confirmation must match (the server checks it when sent). */
const confirmationSchema = z.optional(
  text().check(z.minLength(1, { error: E.required }), z.maxLength(PASSWORD_MAX_LENGTH)),
)
const confirmationMatches = z.refine<{ password?: string; newPassword?: string; confirmPassword?: string }>(
  (body) =>
    body.confirmPassword === undefined ||
    body.confirmPassword === '' ||
    body.confirmPassword === (body.newPassword ?? body.password),
  {
    error: E.passwordsDontMatch,
    path: ['confirmPassword'],
    // Checked even when other fields are wrong, so that a form shows every mistake at once.
    when: ({ value }) => typeof value === 'object' && value !== null,
  },
)

/** POST /api/sign-up → 200 `{ _id }`; the activation e-mail is sent in `language`. */
export const signUpSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    phone: z.optional(phoneSchema),
    /** YYYY-MM-DD */
    birthDate: birthDateSchema,
    password: passwordSchema,
    /** Optional for API clients: when sent, it must match. */
    confirmPassword: confirmationSchema,
    acceptTerms: z.literal(true, { error: E.acceptTerms }),
    language: z._default(languageSchema, 'en'),
    /** reCAPTCHA (when the server has it on; skipped on Safari, docs/product.md §7). */
    recaptchaToken: z.optional(text().check(z.minLength(1), z.maxLength(4000))),
  })
  .check(confirmationMatches)
export type SignUpRequest = z.input<typeof signUpSchema>
export const signUpResponseSchema = z.object({ _id: idSchema })

/** POST /api/sign-in/{appType} → the public user and the session cookie. */
export const signInSchema = z.object({
  email: requiredText(254, E.invalidEmail),
  password: text().check(z.minLength(1, { error: E.required }), z.maxLength(1024, { error: E.invalid })),
  stayConnected: z.optional(z.boolean()),
})
export type SignInRequest = z.input<typeof signInSchema>

/** POST /api/resend/{appType}/{email}/… and the forgot-password form: an address, checked as at sign-up. */
export const emailOnlySchema = z.object({ email: emailSchema })

/** Path of GET /api/check-token/{appType}/{userId}/{email}/{token}. */
export const tokenLinkParamsSchema = z.object({
  appType: appTypeSchema,
  userId: idSchema,
  email: text(E.invalidEmail).check(z.maxLength(254, { error: E.invalidEmail })),
  token: text().check(z.maxLength(256)),
})
/**
 * Answer of check-token: the link is good; `passwordReset` says which kind of link it is. `signUpPassword`: the
 * account is activated with the password typed at sign-up, which only another browser than that one sends.
 */
export const checkTokenResponseSchema = z.object({
  valid: z.literal(true),
  passwordReset: z.boolean(),
  hasPassword: z.boolean(),
  signUpPassword: z.boolean(),
})

/**
 * POST /api/activate → the public user, signed in. `password`: needed when the account has none, or on reset;
 * on a first activation, the one typed at sign-up, unless the browser that signed up follows the link.
 */
export const activateSchema = z.object({
  userId: idSchema,
  token: text().check(z.minLength(1), z.maxLength(256)),
  password: z.optional(passwordSchema),
})
export type ActivateRequest = z.input<typeof activateSchema>

/** The form that types again, on an activation link opened in another browser, the password of the sign-up. */
export const signUpPasswordSchema = z.object({ password: passwordSchema })

/** The form that chooses a password on an activation or reset link: the password and its confirmation. */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmationSchema })
  .check(confirmationMatches)

export const resendParamsSchema = z.object({
  appType: appTypeSchema,
  email: text(E.invalidEmail).check(z.maxLength(254, { error: E.invalidEmail })),
  isPasswordReset: z.pipe(
    z.enum(['true', 'false']),
    z.transform((value) => value === 'true'),
  ),
})
export const sentResponseSchema = z.object({ sent: z.boolean() })

/** POST /api/validate-email → `{ available }`: whether sign-up would accept the address. */
export const validateEmailSchema = emailOnlySchema
export const validateEmailResponseSchema = z.object({ available: z.boolean() })

/** POST /api/resend-link (signed in): sends the activation e-mail to the user's own address again. */
export const resendLinkSchema = z.nullish(
  z.object({ email: z.optional(text(E.invalidEmail).check(z.maxLength(254, { error: E.invalidEmail }))) }),
)

export const idParamsSchema = z.object({ id: idSchema })
export const userIdParamsSchema = z.object({ userId: idSchema })

/**
 * The offline queue's operation id on a settings write (docs/architecture.md, Offline design): optional, as
 * docs/product.md §13's callers send none; with one, a second delivery changes nothing.
 */
const operationIdField = z.optional(
  z.string({ error: E.invalid }).check(z.regex(OPERATION_ID_PATTERN, { error: E.invalid })),
)

/** POST /api/update-language → the public user. Takes `id` (docs/product.md §13) or `_id`. */
export const updateLanguageSchema = z
  .object({
    id: z.optional(idSchema),
    _id: z.optional(idSchema),
    language: languageSchema,
    operationId: operationIdField,
  })
  .check(
    z.refine((body) => body.id !== undefined || body._id !== undefined, {
      error: E.required,
      path: ['id'],
    }),
  )

/** POST /api/update-user → the public user. Absent fields are left as they are. */
export const updateUserSchema = z.object({
  _id: idSchema,
  fullName: z.optional(fullNameSchema),
  phone: z.optional(z.nullable(phoneSchema)),
  birthDate: z.optional(birthDateSchema),
  bio: z.optional(z.nullable(text().check(z.trim(), z.maxLength(1000, { error: E.tooLong })))),
  operationId: operationIdField,
})
export type UpdateUserRequest = z.input<typeof updateUserSchema>

/** POST /api/update-email-notifications → the public user. */
export const updateEmailNotificationsSchema = z.object({
  _id: idSchema,
  enableEmailNotifications: z.boolean(),
  operationId: operationIdField,
})

/** Path of GET /api/check-password/{id}/{password} → `{ valid }`. */
export const checkPasswordParamsSchema = z.object({ id: idSchema, password: text().check(z.maxLength(1024)) })
export const checkPasswordResponseSchema = z.object({ valid: z.boolean() })

/**
 * POST /api/change-password → `{ changed: true }`; every other session of the user ends. `password`: the
 * current one, required when the account has one (400 `wrong_password` in `fields.password` when wrong).
 */
export const changePasswordSchema = z
  .object({
    _id: idSchema,
    password: z.optional(text().check(z.maxLength(1024, { error: E.wrongPassword }))),
    newPassword: passwordSchema,
    confirmPassword: confirmationSchema,
  })
  .check(confirmationMatches)
export type ChangePasswordRequest = z.input<typeof changePasswordSchema>

export const hasPasswordResponseSchema = z.object({ hasPassword: z.boolean() })

export const accountRoutes = {
  [signUp]: { body: signUpSchema, answer: signUpResponseSchema },
  [validateEmail]: { body: validateEmailSchema, answer: validateEmailResponseSchema },
  [checkToken]: { params: tokenLinkParamsSchema, answer: checkTokenResponseSchema },
  [deleteTokens]: { params: userIdParamsSchema, answer: z.object({ deleted: z.number() }) },
  [resend]: { params: resendParamsSchema, answer: sentResponseSchema },
  /** The activation e-mail again, for the signed-in user whose address is not confirmed yet. */
  [resendLink]: { body: resendLinkSchema, answer: sentResponseSchema },
  [activate]: { body: activateSchema, answer: publicUserSchema },
  [signIn]: { params: z.object({ appType: appTypeSchema }), body: signInSchema, answer: publicUserSchema },
  [signOut]: { answer: z.object({ signedOut: z.literal(true) }) },
  /** 200 with the current user; 401 when the session is gone; 403 'suspended' for a blacklisted user. */
  [validateAccessToken]: { answer: publicUserSchema },
} as const satisfies RouteTable
