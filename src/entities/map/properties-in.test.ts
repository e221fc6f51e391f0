// The link of a place's pin: "Properties in {place}", with French prepositions that fit the place's article.
import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'

import { activateLocale } from '@/i18n/activate'

import { placeName, propertiesIn } from './properties-in.ts'

describe('properties in a place', () => {
  it('in French, takes "dans le", "aux" or "à" after the name’s article', async () => {
    await activateLocale('fr')
    expect(propertiesIn(i18n, 'Le Marais')).toBe('Logements dans le Marais')
    expect(propertiesIn(i18n, 'Les Batignolles')).toBe('Logements aux Batignolles')
    expect(propertiesIn(i18n, 'Paris')).toBe('Logements à Paris')
    expect(propertiesIn(i18n, 'La Rochelle')).toBe('Logements à La Rochelle')
    expect(propertiesIn(i18n, 'Londres')).toBe('Logements à Londres')
  })

  it('in English, says the name as it is', async () => {
    await activateLocale('en')
    expect(propertiesIn(i18n, 'Le Marais')).toBe('Properties in Le Marais')
    expect(propertiesIn(i18n, 'Paris')).toBe('Properties in Paris')
  })

  it('finds a leading article only as a word of its own', () => {
    expect(placeName('Le Marais')).toEqual({ name: 'Le Marais', article: 'le', rest: 'Marais' })
    expect(placeName('L’Isle-Adam')).toEqual({ name: 'L’Isle-Adam', article: 'l', rest: 'Isle-Adam' })
    expect(placeName('Lens')).toEqual({ name: 'Lens', article: 'none', rest: 'Lens' })
    expect(placeName('Lesneven')).toEqual({ name: 'Lesneven', article: 'none', rest: 'Lesneven' })
  })
})
