// Deterministic randomness for the demo world: the same seed always draws the same pictures and data.

/** mulberry32: small, fast, and good enough to vary demo data. */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const pick = <T>(items: readonly T[], rnd: () => number): T =>
  items[Math.floor(rnd() * items.length)] as T
