// Administration (docs/product.md §16): an administrator's calls, their schemas. What each act may do is the
// services' (server/services/admin/); the acts, states and refusals are the domain's (src/domain/admin.ts).
import { ADMIN_ACTIONS, ADMIN_SUBJECTS, ADMIN_USERS_PAGE_SIZE, USER_STATES } from '../domain/admin.ts'
import { FIELD_ERRORS as E } from '../domain/auth-messages.ts'
import { BOOKING_STATUSES, LANGUAGES, PAYMENT_PROVIDERS, USER_TYPES } from '../domain/enums.ts'
import { z } from '../domain/zod-mini.ts'
import { emailSchema, phoneSchema, requiredLine } from './accounts.ts'
import { idSchema, lineText } from './common.ts'
import type { RouteTable } from './route.ts'
import {
  adminAgency,
  adminCountry,
  adminLocation,
  adminPasswordReset,
  adminPlaces,
  adminResendActivation,
  adminUser,
  adminUsers,
  agencyLogo,
  createAgency,
  createCountry,
  createLocation,
  deactivateAgency,
  deleteAgency,
  deleteCountry,
  deleteLocation,
  liftSuspension,
  platformOverview,
  reactivateAgency,
  suspendUser,
  updateAgency,
  updateCountry,
  updateLocation,
} from './routes.ts'

const idParams = z.object({ id: idSchema })
const timestamp = z.string()

/** One administrative act as the record shows it: who, when, what, and each changed field's before and after. */
export const adminActSchema = z.object({
  _id: idSchema,
  action: z.enum(ADMIN_ACTIONS),
  subjectKind: z.enum(ADMIN_SUBJECTS),
  subjectId: idSchema,
  /** The administrator, or null for an account deleted since. */
  actor: z.nullable(z.object({ _id: idSchema, fullName: z.string(), email: z.string() })),
  changes: z.record(z.string(), z.unknown()),
  createdAt: timestamp,
})

const userSummarySchema = z.object({
  _id: idSchema,
  fullName: z.string(),
  email: z.string(),
  type: z.enum(USER_TYPES),
  state: z.enum(USER_STATES),
  createdAt: timestamp,
})

/** The list's search: words of the name or the address, a type, a state; pages from 1. */
const userSearchSchema = z.object({
  keyword: z.optional(lineText().check(z.maxLength(200, { error: E.tooLong }))),
  type: z.optional(z.enum(USER_TYPES)),
  state: z.optional(z.enum(USER_STATES)),
  page: z._default(z.int().check(z.minimum(1), z.maximum(100_000)), 1),
  size: z._default(z.int().check(z.minimum(1), z.maximum(100)), ADMIN_USERS_PAGE_SIZE),
})

const userBookingSchema = z.object({
  _id: idSchema,
  propertyId: idSchema,
  propertyName: z.string(),
  agencyName: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(BOOKING_STATUSES),
  price: z.number(),
  createdAt: timestamp,
})

const userPageSchema = z.object({
  user: z.extend(userSummarySchema, {
    phone: z.nullable(z.string()),
    language: z.enum(LANGUAGES),
    activatedAt: z.nullable(timestamp),
  }),
  bookings: z.array(userBookingSchema),
  signIns: z.array(
    z.object({ at: timestamp, address: z.nullable(z.string()), userAgent: z.nullable(z.string()) }),
  ),
  acts: z.array(adminActSchema),
})

const userStateAnswer = z.object({ _id: idSchema, state: z.enum(USER_STATES) })
const sentAnswer = z.object({ sent: z.boolean() })

/** An agency as an administrator creates or edits it: its name, contact details and the countries it serves. */
export const agencyFormSchema = z.object({
  name: requiredLine(200),
  email: emailSchema,
  phone: z.optional(phoneSchema),
  bio: z.optional(lineText().check(z.maxLength(1000, { error: E.tooLong }))),
  language: z._default(z.enum(LANGUAGES), 'en'),
  payLater: z._default(z.boolean(), true),
  countries: z.array(idSchema).check(z.maxLength(300)),
})

const agencyPageSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  language: z.enum(LANGUAGES),
  payLater: z.boolean(),
  logo: z.string(),
  state: z.enum(USER_STATES),
  countries: z.array(z.object({ _id: idSchema, name: z.string() })),
  propertyCount: z.number(),
  acts: z.array(adminActSchema),
})

const nameFields = {
  nameEn: requiredLine(200),
  nameFr: requiredLine(200),
}

export const countryFormSchema = z.object({
  code: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, { error: E.invalid })),
  ...nameFields,
})

export const locationFormSchema = z.object({
  countryId: idSchema,
  parentId: z.optional(z.nullable(idSchema)),
  ...nameFields,
  latitude: z.number().check(z.minimum(-90), z.maximum(90)),
  longitude: z.number().check(z.minimum(-180), z.maximum(180)),
})

const countryAnswer = z.object({
  _id: idSchema,
  code: z.string(),
  nameEn: z.string(),
  nameFr: z.string(),
})

const locationAnswer = z.object({
  _id: idSchema,
  countryId: idSchema,
  parentId: z.nullable(idSchema),
  nameEn: z.string(),
  nameFr: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  propertyCount: z.number(),
})

const placesAnswer = z.array(z.extend(countryAnswer, { locations: z.array(locationAnswer) }))

const countByStatus = z.record(z.string(), z.number())

const overviewAnswer = z.object({
  bookings: z.object({ week: countByStatus, month: countByStatus }),
  payments: z.object({
    week: z.object({ taken: z.number(), count: z.number() }),
    month: z.object({ taken: z.number(), count: z.number() }),
  }),
  refunds: z.object({
    refunded: z.number(),
    pending: z.number(),
    /** Refunds a provider refused or could not make: they need a hand (`npm run refunds:failed` too). */
    failed: z.array(
      z.object({
        bookingId: idSchema,
        provider: z.nullable(z.enum(PAYMENT_PROVIDERS)),
        amount: z.number(),
        attempts: z.number(),
        nextAttemptAt: z.nullable(timestamp),
      }),
    ),
  }),
  outbox: z.object({
    backlog: z.number(),
    failed: z.number(),
    oldestUndeliveredAt: z.nullable(timestamp),
  }),
  accounts: z.object({
    signUps: z.object({ week: z.number(), month: z.number() }),
    activations: z.object({ week: z.number(), month: z.number() }),
    notActivated: z.number(),
  }),
})

export const adminRoutes = {
  [adminUsers]: {
    body: userSearchSchema,
    answer: z.object({ rows: z.array(userSummarySchema), total: z.number() }),
  },
  [adminUser]: { params: idParams, answer: userPageSchema },
  /** Every session of the user ends; signing in then reads 'Your account is suspended.'. */
  [suspendUser]: { params: idParams, answer: userStateAnswer },
  [liftSuspension]: { params: idParams, answer: userStateAnswer },
  [adminResendActivation]: { params: idParams, answer: sentAnswer },
  [adminPasswordReset]: { params: idParams, answer: sentAnswer },
  /** The agency's account gets an activation e-mail to choose its password. */
  [createAgency]: { body: agencyFormSchema, answer: agencyPageSchema },
  [adminAgency]: { params: idParams, answer: agencyPageSchema },
  [updateAgency]: { params: idParams, body: agencyFormSchema, answer: agencyPageSchema },
  /** The logo is a multipart upload the handler reads itself (one image, made 60x30): no body schema. */
  [agencyLogo]: { params: idParams, upload: true, answer: agencyPageSchema },
  [deactivateAgency]: { params: idParams, answer: agencyPageSchema },
  [reactivateAgency]: { params: idParams, answer: agencyPageSchema },
  [deleteAgency]: { params: idParams, answer: z.object({ deleted: z.boolean() }) },
  [adminPlaces]: { answer: placesAnswer },
  [createCountry]: { body: countryFormSchema, answer: countryAnswer },
  [adminCountry]: { params: idParams, answer: z.extend(countryAnswer, { acts: z.array(adminActSchema) }) },
  [updateCountry]: { params: idParams, body: countryFormSchema, answer: countryAnswer },
  [deleteCountry]: { params: idParams, answer: z.object({ deleted: z.boolean() }) },
  [createLocation]: { body: locationFormSchema, answer: locationAnswer },
  [adminLocation]: { params: idParams, answer: z.extend(locationAnswer, { acts: z.array(adminActSchema) }) },
  [updateLocation]: { params: idParams, body: locationFormSchema, answer: locationAnswer },
  [deleteLocation]: { params: idParams, answer: z.object({ deleted: z.boolean() }) },
  [platformOverview]: { answer: overviewAnswer },
} as const satisfies RouteTable

export type AdminAct = z.infer<typeof adminActSchema>
export type UserSummary = z.infer<typeof userSummarySchema>
export type UserPage = z.infer<typeof userPageSchema>
export type AgencyPage = z.infer<typeof agencyPageSchema>
export type AgencyForm = z.input<typeof agencyFormSchema>
export type PlacesAnswer = z.infer<typeof placesAnswer>
export type PlatformOverview = z.infer<typeof overviewAnswer>
