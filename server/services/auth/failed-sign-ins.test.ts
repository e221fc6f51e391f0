import { describe, expect, it } from 'vitest'

import { SIGN_IN_SLOWDOWN, slowdownMs } from './failed-sign-ins.ts'

describe('the sign-in slowdown', () => {
  it('lets the first failures through at once, then doubles the delay up to its bound', () => {
    const delays = Array.from({ length: 40 }, (_, failures) => slowdownMs(failures))
    expect(delays.slice(0, 12)).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 8000, 8000])
    expect(Math.max(...delays)).toBe(SIGN_IN_SLOWDOWN.maxDelayMs)
    expect(slowdownMs(1_000_000)).toBe(SIGN_IN_SLOWDOWN.maxDelayMs)
  })
})
