import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

import { SEED_LOCATIONS } from './data.ts'
import { ensureDemoImages, locationScene, SCENES_PER_TYPE } from './images.ts'

describe('demo images', () => {
  const dir = mkdtempSync(join(tmpdir(), 'haven-images-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('renders every scene at 300x200 and 1200x800, and agency logos at twice 60x30, as WebP', async () => {
    await ensureDemoImages(dir, 3, 2)
    const small = readdirSync(join(dir, 'properties')).filter((f) => f.endsWith('.webp'))
    expect(small).toHaveLength(7 * SCENES_PER_TYPE)
    const a = await sharp(join(dir, 'properties', 'house-1.webp')).metadata()
    expect([a.format, a.width, a.height]).toEqual(['webp', 300, 200])
    const b = await sharp(join(dir, 'properties/large', 'house-1.webp')).metadata()
    expect([b.width, b.height]).toEqual([1200, 800])
    const logo = await sharp(join(dir, 'agencies', 'agency-2.webp')).metadata()
    expect([logo.width, logo.height]).toEqual([120, 60])
    expect(readdirSync(join(dir, 'locations'))).toHaveLength(3)
    // Scenes differ from one another (not one picture copied).
    const one = await sharp(join(dir, 'properties', 'farm-1.webp'))
      .raw()
      .toBuffer()
    const two = await sharp(join(dir, 'properties', 'farm-2.webp'))
      .raw()
      .toBuffer()
    expect(one.equals(two)).toBe(false)
  })

  it('gives every destination its own picture', async () => {
    const places = await Promise.all(
      SEED_LOCATIONS.map((_, i) =>
        sharp(Buffer.from(locationScene(i)), { density: 72 })
          .resize(60, 40)
          .raw()
          .toBuffer(),
      ),
    )
    for (let i = 0; i < places.length; i++) {
      for (let j = i + 1; j < places.length; j++) expect(places[i]!.equals(places[j]!)).toBe(false)
    }
  })
})
