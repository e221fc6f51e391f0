// Agencies, as an administrator runs them (docs/product.md §16, Agencies): created with an account that chooses
// its password through an activation e-mail, edited, deactivated (its listings leave the renter's side, its
// bookings stay with their renters) and deleted only while no booking holds one of its properties.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'

import { ADMIN_REFUSALS } from '../../../src/domain/admin.ts'
import { FIELD_ERRORS } from '../../../src/domain/auth-messages.ts'
import type { Language } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { AppContext } from '../../context.ts'
import type { Db } from '../../db/open.ts'
import {
  adminActs,
  agencyCountries,
  bookings,
  countries,
  properties,
  sessions,
  users,
} from '../../db/schema.ts'
import { HttpError, notFound } from '../../errors.ts'
import { alreadyRegistered, queueAccountEmail } from '../auth/accounts.ts'
import type { UserRow } from '../auth/public-user.ts'
import type { SessionUser } from '../auth/session.ts'
import { agencyImageUrl } from '../catalog/images.ts'
import type { Tx } from '../operations/once.ts'
import { actsAbout, changedFields, recordAct } from './acts.ts'
import { stateOf } from './users.ts'

export interface AgencyForm {
  name: string
  email: string
  phone?: string | null
  bio?: string
  language: Language
  payLater: boolean
  countries: string[]
}

const noSuchAgency = () => notFound('This agency does not exist.')

async function lockedAgency(tx: Tx, id: number): Promise<UserRow> {
  const [agency] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'AGENCY')))
    .for('update')
  if (!agency) throw noSuchAgency()
  return agency
}

/** The countries named, as ids, each one that exists; a 400 on the field otherwise. */
async function servedCountries(tx: Tx, ids: string[]): Promise<number[]> {
  const wanted = [...new Set(ids.map(Number))].sort((a, b) => a - b)
  if (wanted.length === 0) return []
  const found = await tx.select({ id: countries.id }).from(countries).where(inArray(countries.id, wanted))
  if (found.length !== wanted.length) {
    throw new HttpError(400, API_ERROR_CODES.validation, 'Unknown country.', {
      countries: FIELD_ERRORS.invalid,
    })
  }
  return wanted
}

async function emailFree(tx: Tx, email: string, except?: number) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, except ? ne(users.id, except) : undefined))
    .limit(1)
  if (taken) throw alreadyRegistered()
}

const countryIdsOf = async (db: Db | Tx, agencyId: number) =>
  (
    await db
      .select({ id: agencyCountries.countryId })
      .from(agencyCountries)
      .where(eq(agencyCountries.agencyId, agencyId))
      .orderBy(asc(agencyCountries.countryId))
  ).map((row) => row.id)

/** An agency's page: its details, state, the countries it serves, its properties' count and the record of acts. */
export async function agencyPage(db: Db, id: number, language: Language = 'en') {
  const [agency] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'AGENCY')))
  if (!agency) throw noSuchAgency()
  const [served, [listed], acts] = await Promise.all([
    db
      .select({ id: countries.id, nameEn: countries.nameEn, nameFr: countries.nameFr })
      .from(agencyCountries)
      .innerJoin(countries, eq(countries.id, agencyCountries.countryId))
      .where(eq(agencyCountries.agencyId, id))
      .orderBy(asc(countries.id)),
    db.select({ n: count() }).from(properties).where(eq(properties.agencyId, id)),
    actsAbout(db, 'AGENCY', id),
  ])
  return {
    _id: String(agency.id),
    name: agency.fullName,
    email: agency.email,
    phone: agency.phone,
    bio: agency.bio,
    language: agency.language,
    payLater: agency.payLater,
    logo: agencyImageUrl(agency.avatar),
    state: stateOf(agency),
    countries: served.map((row) => ({
      _id: String(row.id),
      name: language === 'fr' ? row.nameFr : row.nameEn,
    })),
    propertyCount: Number(listed?.n ?? 0),
    acts,
  }
}

const detailsOf = (form: AgencyForm) => ({
  fullName: form.name,
  email: form.email,
  phone: form.phone ?? null,
  bio: form.bio?.trim() ? form.bio.trim() : null,
  language: form.language,
  payLater: form.payLater,
})

/**
 * Creates an agency and its account, without a password: the activation e-mail (in the agency's language)
 * opens the back office, where it chooses one.
 */
export async function createAgency(ctx: AppContext, admin: SessionUser, form: AgencyForm) {
  const { db } = ctx.database
  const { id, mails } = await db.transaction(async (tx) => {
    await emailFree(tx, form.email)
    const served = await servedCountries(tx, form.countries)
    const [agency] = await tx
      .insert(users)
      .values({ type: 'AGENCY', ...detailsOf(form), passwordHash: null, activatedAt: null })
      .returning()
    if (served.length > 0)
      await tx
        .insert(agencyCountries)
        .values(served.map((countryId) => ({ agencyId: agency!.id, countryId })))
    await recordAct(tx, admin.id, 'AGENCY', agency!.id, 'createAgency', {
      ...changedFields({}, detailsOf(form)),
      countries: [[], served],
    })
    return { id: agency!.id, mails: await queueAccountEmail(tx, ctx, agency!, 'activation') }
  })
  await ctx.outbox.send(mails)
  return agencyPage(db, id)
}

/** Edits an agency's details and countries; the record keeps each field's before and after. */
export async function updateAgency(ctx: AppContext, admin: SessionUser, id: number, form: AgencyForm) {
  const { db } = ctx.database
  await db.transaction(async (tx) => {
    const agency = await lockedAgency(tx, id)
    await emailFree(tx, form.email, id)
    const served = await servedCountries(tx, form.countries)
    const before = await countryIdsOf(tx, id)
    const details = detailsOf(form)
    const changes = changedFields(agency as unknown as Record<string, unknown>, details)
    if (JSON.stringify(before) !== JSON.stringify(served)) changes.countries = [before, served]
    if (Object.keys(changes).length === 0) return
    await tx
      .update(users)
      .set({ ...details, updatedAt: new Date() })
      .where(eq(users.id, id))
    await tx.delete(agencyCountries).where(eq(agencyCountries.agencyId, id))
    if (served.length > 0)
      await tx.insert(agencyCountries).values(served.map((countryId) => ({ agencyId: id, countryId })))
    await recordAct(tx, admin.id, 'AGENCY', id, 'updateAgency', changes)
  })
  ctx.catalog.changed()
  return agencyPage(db, id)
}

/** Sets an agency's logo (already stored); the previous file's name, for the caller to delete. */
export async function setAgencyLogo(ctx: AppContext, admin: SessionUser, id: number, file: string) {
  const previous = await ctx.database.db.transaction(async (tx) => {
    const agency = await lockedAgency(tx, id)
    await tx.update(users).set({ avatar: file, updatedAt: new Date() }).where(eq(users.id, id))
    await recordAct(tx, admin.id, 'AGENCY', id, 'setAgencyLogo', { logo: [agency.avatar, file] })
    return agency.avatar
  })
  ctx.catalog.changed()
  return previous
}

/**
 * Deactivates an agency: its account is suspended (its sessions end), and its visible properties are hidden, so
 * they leave search, their pages and the sitemap at once. Its bookings are not touched: each renter keeps
 * theirs. The record names the properties hidden, which reactivating shows again (and no other).
 */
export async function deactivateAgency(ctx: AppContext, admin: SessionUser, id: number) {
  const { db } = ctx.database
  await db.transaction(async (tx) => {
    const agency = await lockedAgency(tx, id)
    if (agency.blacklisted) return
    await tx.update(users).set({ blacklisted: true, updatedAt: new Date() }).where(eq(users.id, id))
    const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id })
    const hidden = await tx
      .update(properties)
      .set({ hidden: true })
      .where(and(eq(properties.agencyId, id), eq(properties.hidden, false)))
      .returning({ id: properties.id })
    await recordAct(tx, admin.id, 'AGENCY', id, 'deactivateAgency', {
      blacklisted: [false, true],
      sessionsEnded: ended.length,
      hiddenProperties: hidden.map((row) => row.id).sort((a, b) => a - b),
    })
  })
  ctx.catalog.changed()
  return agencyPage(db, id)
}

/** Reactivates an agency: it signs in again, and the properties its deactivation hid are shown again. */
export async function reactivateAgency(ctx: AppContext, admin: SessionUser, id: number) {
  const { db } = ctx.database
  await db.transaction(async (tx) => {
    const agency = await lockedAgency(tx, id)
    if (!agency.blacklisted) return
    const [last] = await tx
      .select({ changes: adminActs.changes })
      .from(adminActs)
      .where(
        and(
          eq(adminActs.subjectKind, 'AGENCY'),
          eq(adminActs.subjectId, id),
          eq(adminActs.action, 'deactivateAgency'),
        ),
      )
      .orderBy(sql`${adminActs.id} desc`)
      .limit(1)
    const hidden = (
      (last?.changes as { hiddenProperties?: number[] } | undefined)?.hiddenProperties ?? []
    ).filter((value) => Number.isSafeInteger(value))
    await tx.update(users).set({ blacklisted: false, updatedAt: new Date() }).where(eq(users.id, id))
    const shown =
      hidden.length === 0
        ? []
        : await tx
            .update(properties)
            .set({ hidden: false })
            .where(and(eq(properties.agencyId, id), inArray(properties.id, hidden)))
            .returning({ id: properties.id })
    await recordAct(tx, admin.id, 'AGENCY', id, 'reactivateAgency', {
      blacklisted: [true, false],
      shownProperties: shown.map((row) => row.id).sort((a, b) => a - b),
    })
  })
  ctx.catalog.changed()
  return agencyPage(db, id)
}

/**
 * Deletes an agency and its properties, refused (409) while a booking, whatever its status, holds one of them:
 * a renter's booking is never taken away. The record of acts about it stays.
 */
export async function deleteAgency(ctx: AppContext, admin: SessionUser, id: number) {
  const { db } = ctx.database
  const logo = await db.transaction(async (tx) => {
    const agency = await lockedAgency(tx, id)
    const [held] = await tx.select({ n: count() }).from(bookings).where(eq(bookings.agencyId, id))
    if (Number(held?.n ?? 0) > 0)
      throw new HttpError(409, 'agency_has_bookings', ADMIN_REFUSALS.agency_has_bookings)
    const removed = await tx
      .delete(properties)
      .where(eq(properties.agencyId, id))
      .returning({ id: properties.id })
    await tx.delete(users).where(eq(users.id, id))
    await recordAct(tx, admin.id, 'AGENCY', id, 'deleteAgency', {
      name: [agency.fullName, null],
      email: [agency.email, null],
      deletedProperties: removed.map((row) => row.id).sort((a, b) => a - b),
    })
    return agency.avatar
  })
  ctx.catalog.changed()
  return { deleted: true, logo }
}
