// The map's pins (src/lib/map/markers.ts) link to the catalog's screens: their links carry the query
// parameters those screens read.
import { describe, expect, it } from 'vitest'

import { locationSearchHref, propertyHref } from '@/lib/map/markers'

import { validatePropertyScreenParams, validateSearchScreenParams } from './search-params'

const query = (href: string) => Object.fromEntries(new URL(href, 'http://haven.test').searchParams)

describe('map markers', () => {
  it("link to the screens' own query parameters", () => {
    expect(validateSearchScreenParams(query(locationSearchHref('13')))).toMatchObject({ location: '13' })
    expect(validatePropertyScreenParams(query(propertyHref('42')))).toMatchObject({ id: '42' })
    expect(locationSearchHref('13').startsWith('/search?')).toBe(true)
    expect(propertyHref('42').startsWith('/property?')).toBe(true)
  })
})
