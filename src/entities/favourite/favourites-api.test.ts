// What a saved place keeps of a property: a card's summary untouched, and of the property page's whole record
// exactly the fields of a summary, so nothing the page alone shows is stored (the fixtures are typed with the
// domain's PropertySummary and Property: a field added to either shows here).
import { describe, expect, it } from 'vitest'

import { property, summary } from '@/test/catalog'

import { summaryOf } from './favourites-api'

describe('summaryOf', () => {
  it('keeps a card’s summary as it is', () => {
    const card = summary('7', 'Quay Loft')
    expect(summaryOf(card)).toBe(card)
  })

  it('keeps of a property page’s record the summary’s fields, and only those', () => {
    const page = property('7', 'Quay Loft', {
      description: 'Long text',
      images: [{ small: 's', large: 'l' }],
    })
    const kept = summaryOf(page)
    expect(Object.keys(kept).sort()).toEqual(Object.keys(summary('7', 'Quay Loft')).sort())
    expect(kept).toStrictEqual(summary('7', 'Quay Loft'))
  })
})
