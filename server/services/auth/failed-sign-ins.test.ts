import { describe, expect, it } from 'vitest'

import { accountKey, FailedSignIns } from './failed-sign-ins.ts'

describe('failed sign-ins per account', () => {
  const clock = () => {
    let now = 1_000_000
    return { now: () => now, advance: (ms: number) => (now += ms) }
  }

  it('refuses past the limit until the window that began with the first failure ends, then starts over', () => {
    const time = clock()
    const failures = new FailedSignIns({ max: 3, windowMs: 60_000 }, time.now)
    for (let i = 0; i < 3; i += 1) {
      expect(failures.retryAfterMs('a')).toBe(0)
      failures.attempt('a')
      time.advance(10_000)
    }
    expect(failures.retryAfterMs('a')).toBe(30_000)
    expect(failures.retryAfterMs('b')).toBe(0)
    time.advance(29_999)
    expect(failures.retryAfterMs('a')).toBe(1)
    time.advance(1)
    expect(failures.retryAfterMs('a')).toBe(0)
    // A new window: three more tries, no fewer.
    failures.attempt('a')
    failures.attempt('a')
    expect(failures.retryAfterMs('a')).toBe(0)
    failures.attempt('a')
    expect(failures.retryAfterMs('a')).toBe(60_000)
  })

  it('forgets the count on success', () => {
    const failures = new FailedSignIns({ max: 2, windowMs: 60_000 }, clock().now)
    failures.attempt('a')
    failures.succeeded('a')
    failures.attempt('a')
    expect(failures.retryAfterMs('a')).toBe(0)
  })

  it('keeps a bounded number of addresses, dropping the oldest windows first', () => {
    const time = clock()
    const failures = new FailedSignIns({ max: 1, windowMs: 60_000 }, time.now, 100)
    for (let i = 0; i < 250; i += 1) {
      failures.attempt(`sprayed-${i}@example.test`)
      time.advance(1)
    }
    expect(failures.size).toBe(100)
    expect(failures.retryAfterMs('sprayed-249@example.test')).toBeGreaterThan(0)
    expect(failures.retryAfterMs('sprayed-0@example.test')).toBe(0)
  })

  it('keys an address whatever its case and spaces', () => {
    expect(accountKey('  Renter@Haven.TEST ')).toBe('renter@haven.test')
  })
})
