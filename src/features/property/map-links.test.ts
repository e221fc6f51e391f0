// The map's pins (src/entities/map/markers.ts) link to a property's page: their links carry the query
// parameters it reads.
import { describe, expect, it } from 'vitest'

import { propertyHref } from '@/entities/map/markers'

import { validatePropertyScreenParams } from './property-params'

const query = (href: string) => Object.fromEntries(new URL(href, 'http://haven.test').searchParams)

describe('map markers', () => {
  it("link to the property page's own query parameters", () => {
    expect(validatePropertyScreenParams(query(propertyHref('42')))).toMatchObject({ id: '42' })
    expect(propertyHref('42').startsWith('/property?')).toBe(true)
  })
})
