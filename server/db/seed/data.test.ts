// The demo data's generated text, every sentence pattern in both languages: French contractions, elisions,
// articles with place names and agreement, English articles and plurals. What a renter reads on every
// listing and in their notifications.
import { describe, expect, it } from 'vitest'

import { BOOKING_STATUSES, PROPERTY_TYPES } from '../../../src/domain/enums.ts'
import {
  bookingNotice,
  describe as describeProperty,
  type DescribedProperty,
  propertyName,
  SEED_LOCATIONS,
} from './data.ts'
import { random } from './random.ts'

const FEMININE = new Set(['HOUSE', 'FARM', 'TOWNHOUSE'])
const LIVING = new Set(['HOUSE', 'APARTMENT', 'TOWNHOUSE', 'FARM'])

/** Every combination of facts that changes a description's words, in every seeded place. */
function* everyDescription(): Generator<DescribedProperty> {
  for (const type of PROPERTY_TYPES)
    for (const bedrooms of LIVING.has(type) ? [0, 1, 2] : [0])
      for (const bathrooms of [1, 2])
        for (const size of [null, 45])
          for (const parkingSpaces of [0, 1, 2])
            for (const aircon of [false, true])
              for (const furnished of LIVING.has(type) ? [false, true] : [false])
                for (const petsAllowed of [false, true])
                  for (const place of SEED_LOCATIONS)
                    yield {
                      type,
                      bedrooms,
                      bathrooms,
                      size,
                      parkingSpaces,
                      aircon,
                      furnished,
                      petsAllowed,
                      locationEn: place.en,
                      locationFr: place.fr,
                    }
}

/** The mistakes of French grammar a generated sentence can make, each with a pattern that finds it. */
const FRENCH_MISTAKES: Array<[string, RegExp]> = [
  ['de + le/les, not du/des', /\bde (le|les)\b/i],
  ['à + le/les, not au/aux', /\bà (le|les)\b/i],
  ['no elision before a vowel (de appartement, la entrée)', /\b(de|le|la|que|ne) [aeiouyàâéèêëîïôû]/i],
  ['the figure 1 where French writes un or une (de 1 place)', /(?<![\d,.])\b1 (?=\p{L})/u],
  ['a singular after a plural figure (2 chambre)', /\b([2-9]|\d{2,}) (chambre|salle|place)\b(?!s)/],
  ['a typewriter apostrophe', /'/],
  ['a list without et before its last item', /^Vous profiterez (?!.* et ).*, /],
]

const ENGLISH_MISTAKES: Array<[string, RegExp]> = [
  ['a before a vowel', /\b[Aa] [aeiou]/],
  ['an before a consonant', /\b[Aa]n [^aeiouAEIOU\s]/],
  ['a plural after 1', /\b1 (bedroom|bathroom|parking space)s\b/],
  ['a singular after a plural figure', /\b([2-9]|\d{2,}) (bedroom|bathroom|parking space)\b(?!s)/],
  ['a list without and before its last item', /^It comes with (?!.* and ).*, /],
]

const COMMON_MISTAKES: Array<[string, RegExp]> = [
  ['two spaces', / {2}/],
  ['a space before a comma or full stop', / [,.]/],
  ['a sentence that does not start with a capital', /(^|[.!?]\s)\p{Ll}/u],
  ['an empty or undefined part', /undefined|null|NaN/],
]

/** The mistakes found in `text`, each with its sentence; none when it is well formed. */
function mistakesIn(text: string, language: 'en' | 'fr'): string[] {
  const mistakes = [...COMMON_MISTAKES, ...(language === 'fr' ? FRENCH_MISTAKES : ENGLISH_MISTAKES)]
  return text
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .flatMap((sentence) =>
      mistakes
        .filter(([, pattern]) => pattern.test(sentence))
        .map(([mistake]) => `${mistake}: "${sentence}"`),
    )
}

/** Every mistake of every text, each said once. */
const mistakesOf = (texts: Iterable<{ en: string; fr: string }>) => {
  const found = new Set<string>()
  for (const { en, fr } of texts)
    for (const mistake of [...mistakesIn(en, 'en'), ...mistakesIn(fr, 'fr')]) found.add(mistake)
  return [...found]
}

describe('the demo data’s generated text', () => {
  it('writes every description in correct French and English', () => {
    const texts = [...everyDescription()].map(describeProperty)
    expect(texts.length).toBeGreaterThan(10_000)
    expect(mistakesOf(texts)).toEqual([])
  })

  it.each(PROPERTY_TYPES)('agrees its French words with the gender of a %s', (type) => {
    const feminine = FEMININE.has(type)
    const { fr } = describeProperty({
      type,
      bedrooms: LIVING.has(type) ? 2 : 0,
      bathrooms: 1,
      size: 80,
      parkingSpaces: 0,
      aircon: false,
      furnished: false,
      petsAllowed: false,
      locationEn: 'Lyon',
      locationFr: 'Lyon',
    })
    expect(fr.startsWith(feminine ? 'Une ' : 'Un ')).toBe(true)
    const adjectives = LIVING.has(type)
      ? [feminine ? 'lumineuse' : 'lumineux']
      : [feminine ? 'située' : 'situé', feminine ? 'prête' : 'prêt']
    for (const word of adjectives) expect(fr).toMatch(new RegExp(`\\b${word}(?=[\\s,.])`))
  })

  it('says a place named with its article as French does: au Marais', () => {
    const { fr, en } = describeProperty({
      type: 'APARTMENT',
      bedrooms: 0,
      bathrooms: 1,
      size: 25,
      parkingSpaces: 1,
      aircon: true,
      furnished: true,
      petsAllowed: true,
      locationEn: 'Le Marais',
      locationFr: 'Le Marais',
    })
    expect(fr).toContain('Un studio lumineux au Marais, avec une salle de bain, 25 m² habitables.')
    expect(fr).toContain('Vous profiterez de la climatisation, du mobilier et d’une place de parking.')
    expect(en).toContain('A bright studio in Le Marais, with 1 bathroom and 25 m² of living space.')
    expect(en).toContain('It comes with air conditioning, furniture and 1 parking space.')
  })

  it('writes every listing title, address and booking notice without a French mistake', () => {
    const rnd = random(3)
    const names: string[] = ['Skyline Villa']
    for (const type of PROPERTY_TYPES)
      for (const place of SEED_LOCATIONS)
        for (let draw = 0; draw < 12; draw++) {
          const { name, address } = propertyName(type, place, rnd)
          names.push(name)
          expect(address).not.toMatch(/\bde (le|les)\b|\bde [aeiouyéè]|\s{2}|undefined/i)
        }
    const notices = [...new Set(names)].flatMap((name) =>
      BOOKING_STATUSES.map((status) => ({ name, ...bookingNotice(status, name) })),
    )
    expect(mistakesOf(notices)).toEqual([])
    // A name's gender is unknown: no word after it agrees with it.
    for (const { name, fr } of notices)
      expect(fr).not.toMatch(new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^.]* réservée?\\b`))
  })
})
