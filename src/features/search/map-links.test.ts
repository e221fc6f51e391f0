// The map's pins (src/entities/map/markers.ts) link to the search: their links carry the query parameters
// it reads.
import { describe, expect, it } from 'vitest'

import { locationSearchHref } from '@/entities/map/markers'

import { validateSearchScreenParams } from './search-params'

const query = (href: string) => Object.fromEntries(new URL(href, 'http://haven.test').searchParams)

describe('map markers', () => {
  it("link to the search's own query parameters", () => {
    expect(validateSearchScreenParams(query(locationSearchHref('13')))).toMatchObject({ location: '13' })
    expect(locationSearchHref('13').startsWith('/search?')).toBe(true)
  })
})
