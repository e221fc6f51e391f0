import { describe, expect, it } from 'vitest'

import { parseSearch, stringifySearch } from './url-search'

describe('URL search strings', () => {
  it('writes ids and lists as plain text, leaving out empty values', () => {
    expect(stringifySearch({ location: '13', types: 'HOUSE,FARM', from: undefined, q: '' })).toBe(
      '?location=13&types=HOUSE%2CFARM',
    )
    expect(stringifySearch({})).toBe('')
  })

  it('reads every value as a string, so that "13" stays the id "13"', () => {
    expect(parseSearch('?location=13&types=HOUSE%2CFARM&l=fr')).toEqual({
      location: '13',
      types: 'HOUSE,FARM',
      l: 'fr',
    })
  })
})
