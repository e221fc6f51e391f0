// The database schema (drizzle). Migrations in ./migrations are generated from this file with
// `npx drizzle-kit generate` and applied at start on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

import {
  BOOKING_STATUSES,
  LANGUAGES,
  PAYMENT_PROVIDERS,
  REFUND_STATUSES,
  PROPERTY_TYPES,
  RENTAL_TERMS,
  USER_TYPES,
} from '../../src/domain/enums.ts'

export const userType = pgEnum('user_type', USER_TYPES)
export const language = pgEnum('language', LANGUAGES)
export const propertyType = pgEnum('property_type', PROPERTY_TYPES)
export const rentalTerm = pgEnum('rental_term', RENTAL_TERMS)
export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES)
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS)
export const tokenPurpose = pgEnum('token_purpose', ['ACTIVATION', 'PASSWORD_RESET'])
/**
 * A payment Haven cannot keep (docs/product.md §12: it came for nights sold meanwhile, or for a booking that
 * had lapsed): `pending` until the provider is asked, `refunded`, or `failed` when the provider refused it or
 * could not be reached (asked again later and later, never dropped; `npm run refunds:failed` lists them).
 */
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES)

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
/** Money in the base currency, exact to the cent; read as a string by the drivers, converted at the edge. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' })

/** Renters (USER), agencies (AGENCY: their name is `fullName`, their logo `avatar`) and administrators. */
export const users = pgTable(
  'users',
  {
    id: id(),
    type: userType('type').notNull().default('USER'),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    birthDate: date('birth_date', { mode: 'string' }),
    bio: text('bio'),
    /** scrypt, self-describing (`scrypt$N$r$p$salt$hash`); null for accounts created by social sign-in. */
    passwordHash: text('password_hash'),
    language: language('language').notNull().default('en'),
    enableEmailNotifications: boolean('enable_email_notifications').notNull().default(true),
    blacklisted: boolean('blacklisted').notNull().default(false),
    /** Set once the e-mailed activation link was followed (docs/product.md §7). */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    avatar: text('avatar'),
    /** Agencies: whether renters may book now and pay later. */
    payLater: boolean('pay_later').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_type_idx').on(t.type)],
)

/** Activation and password-reset links: random, stored hashed, single use, expiring (docs/product.md §7). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    uniqueIndex('user_tokens_hash_key').on(t.tokenHash),
  ],
)

/**
 * Signed-in sessions: the cookie holds a random token, this table its HMAC (server/services/auth/session.ts).
 * A row deleted is a session ended: sign-out and a password change revoke at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Stay connected: a cookie that outlives the browser, and a longer expiry. */
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

/**
 * Failed password sign-ins (server/services/auth/failed-sign-ins.ts): one window per account and client (an
 * address, or a device that signed in to that account before). In the database so that every instance on one
 * PostgreSQL counts alike.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    /** The address typed, keyed by the session secret (typed addresses need not be accounts, nor addresses). */
    account: text('account').notNull(),
    /** `ip:` and the client's address, or `device:` and its known-device cookie's id. */
    client: text('client').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.client] }),
    index('sign_in_failures_window_idx').on(t.windowStartedAt),
  ],
)

/**
 * Sign-ins, one row each time a session opens (password, social, a followed link): when and from where, shown
 * on the user's page in the back office (docs/product.md §16). Older than SIGN_IN_HISTORY_DAYS goes as a new one
 * comes (server/services/auth/session.ts).
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's address as the server saw it. */
    address: text('address'),
    /** The browser's User-Agent, cut to 200 characters. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId, t.id)],
)

export const countries = pgTable(
  'countries',
  {
    id: id(),
    /** ISO 3166-1 alpha-2. */
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('countries_code_key').on(t.code)],
)

/** Places properties are in; a location may sit inside another (a district in a city). */
export const locations = pgTable(
  'locations',
  {
    id: id(),
    countryId: bigint('country_id', { mode: 'number' })
      .notNull()
      .references(() => countries.id),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => locations.id),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [index('locations_country_idx').on(t.countryId), index('locations_parent_idx').on(t.parentId)],
)

/** The countries an agency serves (set by an administrator, docs/product.md §16). */
export const agencyCountries = pgTable(
  'agency_countries',
  {
    agencyId: bigint('agency_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryId: bigint('country_id', { mode: 'number' })
      .notNull()
      .references(() => countries.id),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.countryId] }),
    index('agency_countries_country_idx').on(t.countryId),
  ],
)

export const properties = pgTable(
  'properties',
  {
    id: id(),
    name: text('name').notNull(),
    agencyId: bigint('agency_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    locationId: bigint('location_id', { mode: 'number' })
      .notNull()
      .references(() => locations.id),
    type: propertyType('type').notNull(),
    rentalTerm: rentalTerm('rental_term').notNull(),
    price: money('price').notNull(),
    minimumAge: integer('minimum_age').notNull().default(21),
    address: text('address'),
    descriptionEn: text('description_en').notNull(),
    descriptionFr: text('description_fr').notNull(),
    bedrooms: integer('bedrooms').notNull().default(0),
    bathrooms: integer('bathrooms').notNull().default(0),
    kitchens: integer('kitchens').notNull().default(0),
    parkingSpaces: integer('parking_spaces').notNull().default(0),
    /** m² (docs/product.md §6, §10). */
    size: integer('size'),
    aircon: boolean('aircon').notNull().default(false),
    furnished: boolean('furnished').notNull().default(false),
    petsAllowed: boolean('pets_allowed').notNull().default(false),
    available: boolean('available').notNull().default(true),
    soldOut: boolean('sold_out').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    /** File names under /images/properties/ (300x200) and /images/properties/large/ (1200x800). */
    images: text('images').array().notNull(),
    /** −1 unavailable, 0 included, > 0 an extra fee (docs/product.md §6). */
    cancellation: money('cancellation').notNull().default(-1),
    amendments: money('amendments').notNull().default(-1),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: createdAt(),
  },
  (t) => [
    // Search walks the id order backwards (newest first) over visible properties: keyset pagination.
    index('properties_visible_id_idx')
      .on(t.id)
      .where(sql`NOT ${t.hidden}`),
    // The other orders of the search, so that a page is read from an index instead of sorting every match
    // (server/services/catalog/queries.ts, orderOf; the rank expression is bookableRank's).
    index('properties_price_asc_idx')
      .on(t.price.asc(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.hidden}`),
    index('properties_price_desc_idx')
      .on(t.price.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.hidden}`),
    index('properties_bookable_idx')
      .on(sql`(case when ${t.available} and not ${t.soldOut} then 0 else 1 end)`, t.id.desc().nullsFirst())
      .where(sql`NOT ${t.hidden}`),
    // The filters renters use most, types and terms: a search counts its matches (up to 1,000) from this
    // index alone instead of reading the table until it has found them.
    index('properties_search_idx')
      .on(t.type, t.rentalTerm, t.available, t.soldOut, t.price, t.id)
      .where(sql`NOT ${t.hidden}`),
    // The orders by the stay's price: one stream per term and bookable state, read in price order and
    // stopping at the page (catalog/queries.ts, stayPricePage); the type last, for its filter, read here too.
    index('properties_stay_price_idx')
      .on(t.rentalTerm, t.available, t.soldOut, t.price, t.id.desc().nullsFirst(), t.type)
      .where(sql`NOT ${t.hidden}`),
    index('properties_location_idx').on(t.locationId, t.id),
    index('properties_agency_idx').on(t.agencyId, t.id),
    check('properties_minimum_age_check', sql`${t.minimumAge} >= 21`),
    check('properties_images_check', sql`cardinality(${t.images}) >= 1`),
  ],
)

/**
 * Images uploaded through the back office (server/services/listings/images.ts) and not yet on a property:
 * only their uploader may put one on a property, which takes it from here; housekeeping deletes those left
 * unused for a day, files included.
 */
export const propertyUploads = pgTable(
  'property_uploads',
  {
    file: text('file').primaryKey(),
    uploaderId: bigint('uploader_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('property_uploads_created_idx').on(t.createdAt)],
)

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    propertyId: bigint('property_id', { mode: 'number' })
      .notNull()
      .references(() => properties.id),
    agencyId: bigint('agency_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    from: date('from_date', { mode: 'string' }).notNull(),
    to: date('to_date', { mode: 'string' }).notNull(),
    status: bookingStatus('status').notNull().default('PENDING'),
    /** The renter chose the cancellation option (read by the price formula). */
    cancellation: boolean('cancellation').notNull().default(false),
    amendments: boolean('amendments').notNull().default(false),
    /** Computed by the server from the property and the dates, never taken from the client: the total. */
    price: money('price').notNull(),
    /** The total's parts as the renter was shown them (docs/product.md §11), kept as they were then. */
    rentalPrice: money('rental_price').notNull().default(0),
    cancellationFee: money('cancellation_fee').notNull().default(0),
    amendmentsFee: money('amendments_fee').notNull().default(0),
    /** The renter asked to cancel; the agency finalizes it (docs/product.md §12). */
    cancelRequest: boolean('cancel_request').notNull().default(false),
    paymentProvider: paymentProvider('payment_provider'),
    paymentReference: text('payment_reference'),
    /** Client-generated, so that a replayed offline request creates nothing twice. */
    operationId: text('operation_id'),
    /** An unpaid checkout is released after this moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * When Haven stopped waiting for this VOID booking's payment. Kept rather than deleted: a payment that
     * still comes for it is found and refunded.
     */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    /** A lapsed booking whose provider never said whether it was paid: when to ask it again. */
    providerCheckAt: timestamp('provider_check_at', { withTimezone: true }),
    /** Set on a CANCELLED booking whose payment Haven cannot keep, and gives back. */
    refundStatus: refundStatus('refund_status'),
    /** The provider's refund id (Stripe's `re_…`, PayPal's refund id) once refunded. */
    refundReference: text('refund_reference'),
    /** How many times the provider failed to refund it, and when it is asked next. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    /** When its provider's payment was verified and the booking became PAID (the receipt's date). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A pay-later request's deadline (docs/product.md §12, Requests with a deadline): still PENDING then, it
     * lapses (CANCELLED by the sweep, its nights freed). Null for any other booking.
     */
    answerBy: timestamp('answer_by', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.id),
    // The back office's inbox: an agency's bookings, newest first, keyset pages.
    index('bookings_agency_idx').on(t.agencyId, t.id),
    // The back office's calendar: an agency's bookings in stay order, read from the index alone (the stay's
    // end, status and property are in it, so the rows overlapping a month are found without the table).
    index('bookings_agency_stays_idx').on(t.agencyId, t.from, t.id, t.to, t.status, t.propertyId),
    // The sweep of unanswered requests reads only the pending ones with a deadline.
    index('bookings_answer_by_idx')
      .on(t.answerBy)
      .where(sql`${t.status} = 'PENDING' AND ${t.answerBy} IS NOT NULL`),
    index('bookings_property_dates_idx').on(t.propertyId, t.from, t.to),
    uniqueIndex('bookings_operation_key').on(t.userId, t.operationId),
    // One provider session or order pays one booking, never another.
    uniqueIndex('bookings_payment_reference_key')
      .on(t.paymentProvider, t.paymentReference)
      .where(sql`${t.paymentReference} IS NOT NULL`),
    // The sweep of unpaid temporary bookings reads only those.
    index('bookings_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} IS NOT NULL`),
    // The sweep retries the refunds not made yet, and reads only those.
    index('bookings_refund_due_idx')
      .on(t.refundRetryAt)
      .where(sql`${t.refundStatus} in ('pending', 'failed')`),
    // The sweep asks again about the lapsed bookings whose provider never answered, and reads only those.
    index('bookings_provider_check_idx')
      .on(t.providerCheckAt)
      .where(sql`${t.providerCheckAt} IS NOT NULL`),
    check('bookings_dates_check', sql`${t.to} > ${t.from}`),
  ],
)

/**
 * A booking's timeline, shared by its renter and its agency (docs/product.md §12, Decisions): every decision
 * and change, who made it and when. `actorId` is null for what Haven did itself (a sweep).
 */
export const bookingTimeline = pgTable(
  'booking_timeline',
  {
    id: id(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** A decision's name (src/domain/booking-decisions.ts). */
    kind: text('kind').notNull(),
    statusBefore: bookingStatus('status_before').notNull(),
    statusAfter: bookingStatus('status_after').notNull(),
    /** What the decision said to the renter (a refused cancellation's reason), as written. */
    note: text('note'),
    /** A deposit's or a payment's amount, as recorded. */
    amount: money('amount'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_timeline_booking_idx').on(t.bookingId, t.id)],
)

/**
 * Nights [from, to) of a property its agency closed (an owner's stay, works): held like booked nights for
 * search, the renter's calendar and checkout (server/services/bookings/holding.ts).
 */
export const blockedNights = pgTable(
  'blocked_nights',
  {
    id: id(),
    propertyId: bigint('property_id', { mode: 'number' })
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    from: date('from_date', { mode: 'string' }).notNull(),
    to: date('to_date', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('blocked_nights_property_dates_idx').on(t.propertyId, t.from, t.to),
    check('blocked_nights_dates_check', sql`${t.to} > ${t.from}`),
  ],
)

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageEn: text('message_en').notNull(),
    messageFr: text('message_fr').notNull(),
    bookingId: bigint('booking_id', { mode: 'number' }).references(() => bookings.id, {
      onDelete: 'set null',
    }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
)

/** The unread count per user, kept in step with `notifications` so the bell costs one row read. */
export const notificationCounters = pgTable('notification_counters', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
})

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that subscribed: its end (sign-out, a password change or reset, an activation, expiry)
     * deletes the subscription with it, so a device signed out receives nothing more.
     */
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
)

/** Idempotency records: the answer given to an operation id, replayed when the same operation comes again. */
export const operations = pgTable(
  'operations',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operationId: text('operation_id').notNull(),
    response: text('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operationId] })],
)

/** Which Haven account a social provider's person (`provider` + `subject`) signs in to, so that a second
 * sign-in finds the account even when the provider shares no e-mail address (Facebook may not). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider vouched for the account's address. False: linked on an address the person typed, which
     * the address's owner may not be; proving the address (an e-mailed link) deletes such links. */
    addressProven: boolean('address_proven').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_user_idx').on(t.userId)],
)

/** The properties a user keeps (a heart on cards and the property page): one row per user and property. */
export const favourites = pgTable(
  'favourites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: bigint('property_id', { mode: 'number' })
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.propertyId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
)

/**
 * Secrets the servers generated (the session secret, the VAPID pair), with DATABASE_URL: made by the first
 * server that needed one, then read by every server on the database (server/services/secrets.ts). Secrets
 * given in the environment are never written here.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
})

/** When each housekeeping job last ran on PostgreSQL, whichever server ran it (server/services/housekeeping.ts). */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  job: text('job').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
})

/**
 * Requests counted against a per-address limit (@fastify/rate-limit) when servers share PostgreSQL
 * (server/services/auth/rate-limit-store.ts): one row per route and client, its count in the current window.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_window_idx').on(t.windowEndsAt)],
)

/**
 * The last exchange rates a provider gave, shared by every server on the database
 * (server/services/rates/shared-cache.ts): one row, fresh until `fresh_until`.
 */
export const exchangeRatesCache = pgTable('exchange_rates_cache', {
  id: integer('id').primaryKey(),
  rates: jsonb('rates').notNull(),
  freshUntil: timestamp('fresh_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * E-mails and pushes waiting to be sent (server/services/outbox/outbox.ts): written in the transaction of the
 * change they tell of, sent by whichever server claims them, retried with a growing delay, deleted once sent.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['mail', 'push'] }).notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried before this time: now for a new row, later after a failure. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** A server is sending it until then; after, another may take it (that server died mid-send). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Given up after the last attempt: kept for an operator, never tried again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.availableAt)
      .where(sql`${t.failedAt} is null`),
  ],
)

/**
 * What administrators did (docs/product.md §16): who, when, what and the fields it changed, before and after.
 * Written in the transaction of the act; no call changes or deletes a row. `subjectId` has no foreign key: the
 * record of a deleted agency or place stays.
 */
export const adminActs = pgTable(
  'admin_acts',
  {
    id: id(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** USER, AGENCY, COUNTRY or LOCATION (the specification's log kinds). */
    subjectKind: text('subject_kind').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** The act's name (src/domain/admin.ts ADMIN_ACTIONS). */
    action: text('action').notNull(),
    /** `{ field: [before, after] }` for what it changed, and what else it touched (hidden properties). */
    changes: jsonb('changes').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_acts_subject_idx').on(t.subjectKind, t.subjectId, t.id)],
)
