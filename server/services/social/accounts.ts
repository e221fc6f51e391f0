// From a verified social identity to a Haven account: the account with that e-mail address, or a new renter.
import { eq, sql } from 'drizzle-orm'

import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import type { Language } from '../../../src/domain/enums.ts'
import { SOCIAL_MESSAGES } from '../../../src/domain/social.ts'
import type { Db } from '../../db/open.ts'
import { socialIdentities, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import type { UserRow } from '../auth/public-user.ts'
import type { SocialIdentity } from './identity.ts'

const PROVIDER_NAMES = { google: 'Google', apple: 'Apple', facebook: 'Facebook' } as const

const byEmail = (db: Db, email: string) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1)
    .then((rows) => rows[0])

export interface Gaps {
  /** Used only when the provider gave no verified address, and then only for a new account. */
  email?: string | undefined
  fullName?: string | undefined
  language?: Language | undefined
}

/**
 * The account a verified identity signs in to. An address the provider vouches for finds the existing
 * account (and activates it: the provider proved the address). An address the client typed (the provider
 * gave none) may only open a new account: it proves nothing about an existing one.
 */
export async function findOrCreateSocialUser(db: Db, identity: SocialIdentity, gaps: Gaps): Promise<UserRow> {
  // The person signed in with this provider before: the same account, whatever the provider shares now.
  const [linked] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(
      sql`${socialIdentities.provider} = ${identity.provider} and ${socialIdentities.subject} = ${identity.subject}`,
    )
    .limit(1)
  if (linked) {
    if (linked.user.type !== 'USER')
      throw new HttpError(403, API_ERROR_CODES.forbidden, SOCIAL_MESSAGES.notARenter)
    return linked.user
  }
  const user = await findOrCreateByEmail(db, identity, gaps)
  await db
    .insert(socialIdentities)
    .values({ provider: identity.provider, subject: identity.subject, userId: user.id })
    .onConflictDoNothing()
  return user
}

async function findOrCreateByEmail(db: Db, identity: SocialIdentity, gaps: Gaps): Promise<UserRow> {
  const email = identity.email ?? gaps.email
  if (!email) {
    throw new HttpError(
      400,
      API_ERROR_CODES.validation,
      SOCIAL_MESSAGES.noEmail.replace('{provider}', PROVIDER_NAMES[identity.provider]),
    )
  }
  const existing = await byEmail(db, email)
  if (existing) {
    if (!identity.email) {
      throw new HttpError(409, API_ERROR_CODES.conflict, 'This email address is already registered.')
    }
    if (existing.type !== 'USER') {
      throw new HttpError(403, API_ERROR_CODES.forbidden, SOCIAL_MESSAGES.notARenter)
    }
    if (existing.activatedAt) return existing
    // Never activated: whoever registered it never proved the address, so their password goes with it.
    const [activated] = await db
      .update(users)
      .set({ activatedAt: new Date(), passwordHash: null, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning()
    return activated!
  }
  const fullName = identity.fullName ?? gaps.fullName ?? email.slice(0, email.indexOf('@'))
  const [created] = await db
    .insert(users)
    .values({
      type: 'USER',
      email: email.toLowerCase(),
      fullName,
      language: gaps.language ?? 'en',
      activatedAt: new Date(),
      passwordHash: null,
    })
    .onConflictDoNothing()
    .returning()
  // Two first sign-ins at once: the other one created it.
  return created ?? (await byEmail(db, email))!
}
