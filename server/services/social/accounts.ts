// From a verified social identity to a Haven account: the account with that e-mail address, or a new renter.
import { eq, sql } from 'drizzle-orm'

import type { Language } from '../../../src/domain/enums.ts'
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import { flattened } from '../../../src/domain/input-rules.ts'
import { SOCIAL_MESSAGES } from '../../../src/domain/social.ts'
import type { Db } from '../../db/open.ts'
import { socialIdentities, users } from '../../db/schema.ts'
import { HttpError } from '../../errors.ts'
import { alreadyRegistered, findUserByEmail } from '../auth/accounts.ts'
import type { UserRow } from '../auth/public-user.ts'
import { endAllSessions } from '../auth/session.ts'
import { keepVerifiedHolds } from '../bookings/unpaid-holds.ts'
import type { SocialIdentity } from './identity.ts'

const PROVIDER_NAMES = { google: 'Google', apple: 'Apple', facebook: 'Facebook' } as const

export interface Gaps {
  /** Used only when the provider gave no verified address, and then only for a new account. */
  email?: string | undefined
  fullName?: string | undefined
  language?: Language | undefined
}

export interface SocialAccount {
  user: UserRow
  /** A new account on an address the client typed: nobody proved it yet, so it waits for activation. */
  needsActivation: boolean
}

/**
 * The account a verified identity signs in to. An address the provider vouches for finds the existing
 * account (and activates it: the provider proved the address). An address the client typed (the provider
 * gave none) may only open a new account, left unactivated until its e-mailed link is followed: it proves
 * nothing, so a later sign-in that does prove the address takes the account back (below), and so does
 * following an e-mailed link (activation or password reset), which deletes the link made on the typed address.
 */
export async function findOrCreateSocialUser(
  db: Db,
  identity: SocialIdentity,
  gaps: Gaps,
): Promise<SocialAccount> {
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
      throw new HttpError(403, API_ERROR_CODES.notARenter, SOCIAL_MESSAGES.notARenter)
    return { user: linked.user, needsActivation: false }
  }
  const account = await findOrCreateByEmail(db, identity, gaps)
  // A link on a typed address lasts only until the address's owner proves it (server/services/auth/links.ts):
  // whoever typed it may not be the owner.
  await db
    .insert(socialIdentities)
    .values({
      provider: identity.provider,
      subject: identity.subject,
      userId: account.user.id,
      addressProven: identity.email !== undefined,
    })
    .onConflictDoNothing()
  return account
}

async function findOrCreateByEmail(db: Db, identity: SocialIdentity, gaps: Gaps): Promise<SocialAccount> {
  const email = identity.email ?? gaps.email
  if (!email) {
    throw new HttpError(
      400,
      API_ERROR_CODES.socialNoEmail,
      SOCIAL_MESSAGES.noEmail.replace('{provider}', PROVIDER_NAMES[identity.provider]),
    )
  }
  const existing = await findUserByEmail(db, email)
  if (existing) {
    if (!identity.email) throw alreadyRegistered()
    if (existing.type !== 'USER') {
      throw new HttpError(403, API_ERROR_CODES.notARenter, SOCIAL_MESSAGES.notARenter)
    }
    if (existing.activatedAt) return { user: existing, needsActivation: false }
    // Never activated: whoever registered it (with a password, or a social sign-in and a typed address) never
    // proved the address. The person who just did gets it alone: the password, the sessions and the other
    // sign-in links go.
    await endAllSessions(db, existing.id)
    await db.delete(socialIdentities).where(eq(socialIdentities.userId, existing.id))
    const [activated] = await db
      .update(users)
      .set({ activatedAt: new Date(), passwordHash: null, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning()
    await keepVerifiedHolds(db, existing.id)
    return { user: activated!, needsActivation: false }
  }
  // A provider's name passed no rule of ours: on one line all the same, as every name typed (docs/product.md §8).
  const fullName =
    (identity.fullName && flattened(identity.fullName)) || gaps.fullName || email.slice(0, email.indexOf('@'))
  const [created] = await db
    .insert(users)
    .values({
      type: 'USER',
      email: email.toLowerCase(),
      fullName,
      language: gaps.language ?? 'en',
      activatedAt: identity.email ? new Date() : null,
      passwordHash: null,
    })
    .onConflictDoNothing()
    .returning()
  // Someone registered the address meanwhile: as if they had been first (a typed address finds no account).
  if (!created) {
    if (!identity.email) throw alreadyRegistered()
    return { user: (await findUserByEmail(db, email))!, needsActivation: false }
  }
  return { user: created, needsActivation: !identity.email }
}
