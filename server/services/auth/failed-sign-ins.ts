// Password guesses (docs/product.md §7). Failures are counted per account and client, the client being the
// address the attempt comes from, or a device that signed in to that account before (known-device.ts): past
// `max` failures within `windowMs` of the first one, that client's sign-ins to that account are refused (429)
// until the window ends. Across clients nothing is refused, or strangers with a few addresses could keep the
// owner out; each attempt is slowed down instead, before its password is checked, by a delay that grows with
// the account's failures in the window and is bounded. A known device is not slowed down.
//
// Kept in the database, so that every instance on one PostgreSQL counts alike. Accounts are keyed by the
// address typed (under the session secret: it may be no account, or a password typed in the wrong field), so
// unknown addresses are counted alike and the refusal says nothing about which addresses have an account.
import { createHmac } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

import { and, eq, gt, lte, sql } from 'drizzle-orm'

import type { Db } from '../../db/open.ts'
import { signInFailures } from '../../db/schema.ts'

export interface FailureLimit {
  max: number
  windowMs: number
}

/** Per client: enough for a person who mistypes a few times a day, few enough that guessing takes forever. */
export const ACCOUNT_SIGN_IN_LIMIT: FailureLimit = { max: 10, windowMs: 15 * 60 * 1000 }

export interface Slowdown {
  /** Failures on the account, from any client, before attempts are slowed down. */
  freeFailures: number
  firstDelayMs: number
  /** The delay doubles with each failure up to this. */
  maxDelayMs: number
}

/** A person who mistypes never waits; a guesser spread over many addresses waits up to 8 s per guess. */
export const SIGN_IN_SLOWDOWN: Slowdown = { freeFailures: 5, firstDelayMs: 250, maxDelayMs: 8000 }

/** The delay before an attempt on an account that already has `failures` in its window. */
export const slowdownMs = (failures: number, slowdown = SIGN_IN_SLOWDOWN): number =>
  failures < slowdown.freeFailures
    ? 0
    : Math.min(slowdown.maxDelayMs, slowdown.firstDelayMs * 2 ** (failures - slowdown.freeFailures))

/** How the slowdown waits: tests replace `wait` to see the delays asked for without waiting for them. */
export const signInSlowdown = {
  wait: (ms: number): Promise<void> => (ms > 0 ? sleep(ms) : Promise.resolve()),
}

/** The key of an address as typed: one per account, whatever its case or surrounding spaces. */
export const accountKey = (email: string) => email.trim().toLowerCase()

export class FailedSignIns {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly limit: FailureLimit = ACCOUNT_SIGN_IN_LIMIT,
  ) {}

  /** The stored key of the account an address typed names. */
  account(email: string): string {
    return createHmac('sha256', this.secret)
      .update(`sign-in\n${accountKey(email)}`)
      .digest('base64url')
  }

  #windowStart(now: Date): Date {
    return new Date(now.getTime() - this.limit.windowMs)
  }

  /** The account's failures in their windows, from every client. */
  async accountFailures(account: string): Promise<number> {
    const [row] = await this.db
      .select({ failures: sql<number>`coalesce(sum(${signInFailures.failures}), 0)::int` })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.account, account),
          gt(signInFailures.windowStartedAt, this.#windowStart(new Date())),
        ),
      )
    return row?.failures ?? 0
  }

  /**
   * Counts an attempt as failed, before its password is checked: attempts sent all at once are counted as they
   * come, not after their checks end (`succeeded` takes it back). Milliseconds until this client may try this
   * account again; 0 when it may now.
   */
  async attempt(account: string, client: string): Promise<number> {
    const now = new Date()
    const expired = sql`${signInFailures.windowStartedAt} <= ${this.#windowStart(now).toISOString()}::timestamptz`
    const [row] = await this.db
      .insert(signInFailures)
      .values({ account, client, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: [signInFailures.account, signInFailures.client],
        set: {
          failures: sql`case when ${expired} then 1 else ${signInFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${signInFailures.windowStartedAt} end`,
        },
      })
      .returning()
    if (!row || row.failures <= this.limit.max) return 0
    return Math.max(1, row.windowStartedAt.getTime() + this.limit.windowMs - now.getTime())
  }

  /** The right password: this client's count starts over (not the others', who did not know it). */
  async succeeded(account: string, client: string): Promise<void> {
    await this.db
      .delete(signInFailures)
      .where(and(eq(signInFailures.account, account), eq(signInFailures.client, client)))
    // Windows that ended go as sign-ins succeed: the table does not grow with every guess.
    await this.db
      .delete(signInFailures)
      .where(lte(signInFailures.windowStartedAt, this.#windowStart(new Date())))
  }

  /** The owner proved the address (a password reset link): every count of the account starts over. */
  async forget(email: string): Promise<void> {
    await this.db.delete(signInFailures).where(eq(signInFailures.account, this.account(email)))
  }
}
