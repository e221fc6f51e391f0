// A visitor's saved places as the hearts and the saved places screen read them from the device.
import { describe, expect, it } from 'vitest'

import { summary } from '@/test/catalog'

import { readDeviceFavourites } from './device-favourites'

describe("a visitor's saved places", () => {
  it('keep the places that read, and leave out one that lacks what a card shows', () => {
    window.localStorage.setItem(
      'saved-places',
      JSON.stringify([
        { property: summary('p1', 'Sea view'), savedAt: '2026-12-01T00:00:00.000Z' },
        // A card reads the agency's name: this one would have thrown.
        { property: { _id: 'p2' }, savedAt: '2026-12-01T00:00:00.000Z' },
      ]),
    )
    expect(readDeviceFavourites().map((saved) => saved.property._id)).toEqual(['p1'])
  })

  it('are none when the entry is not a list', () => {
    window.localStorage.setItem('saved-places', '{"p1": true}')
    expect(readDeviceFavourites()).toEqual([])
  })
})
