// Password guesses per account, whatever address they come from: the per-address limit alone lets someone with
// many addresses try one account's password without end. Past `max` failures within `windowMs` of the first
// one, the account's sign-ins are refused (429) until that window ends; then the count starts over. So whoever
// keeps guessing gets `max` tries per window, and the owner is never shut out longer than one window after the
// guessing stops (or at all, through a password reset link). A success clears the count.
//
// In this process's memory: one server per data folder, and a restart forgetting the counts costs little.
// Unknown addresses are counted alike, so the refusal says nothing about which addresses have an account.

export interface FailureLimit {
  max: number
  windowMs: number
}

/** Enough for a person who mistypes a few times a day, few enough that guessing a password takes forever. */
export const ACCOUNT_SIGN_IN_LIMIT: FailureLimit = { max: 10, windowMs: 15 * 60 * 1000 }

/** Addresses tracked at most; past it the oldest windows are dropped first (a spray of made-up addresses). */
const MAX_TRACKED = 100_000

interface Window {
  startedAt: number
  failures: number
}

/** The key of an address: one per account, whatever its case or surrounding spaces. */
export const accountKey = (email: string) => email.trim().toLowerCase()

export class FailedSignIns {
  readonly #windows = new Map<string, Window>()

  constructor(
    private readonly limit: FailureLimit = ACCOUNT_SIGN_IN_LIMIT,
    private readonly now: () => number = () => Date.now(),
    private readonly maxTracked = MAX_TRACKED,
  ) {}

  #current(key: string): Window | undefined {
    const window = this.#windows.get(key)
    if (window && this.now() - window.startedAt >= this.limit.windowMs) {
      this.#windows.delete(key)
      return undefined
    }
    return window
  }

  /** Milliseconds until `key` may try again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const window = this.#current(key)
    if (!window || window.failures < this.limit.max) return 0
    return window.startedAt + this.limit.windowMs - this.now()
  }

  /**
   * Counts an attempt as failed, before its password is checked: attempts sent all at once are counted as
   * they come, not after their checks end. `succeeded` takes it back.
   */
  attempt(key: string): void {
    const window = this.#current(key)
    if (window) {
      window.failures += 1
      return
    }
    this.#windows.set(key, { startedAt: this.now(), failures: 1 })
    if (this.#windows.size > this.maxTracked) this.#forgetOldest()
  }

  /** The right password: the count starts over. */
  succeeded(key: string): void {
    this.#windows.delete(key)
  }

  /** How many addresses are tracked (tests). */
  get size(): number {
    return this.#windows.size
  }

  #forgetOldest(): void {
    // Insertion order is the order windows started: the first ones are the closest to their end.
    for (const key of this.#windows.keys()) {
      if (this.#windows.size <= this.maxTracked) return
      this.#windows.delete(key)
    }
  }
}
