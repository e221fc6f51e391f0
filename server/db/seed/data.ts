// The demo world: places, agencies and the words property names and descriptions are made of.
import type { BookingStatus, PropertyType, RentalTerm } from '../../../src/domain/enums.ts'
import { withPreposition } from '../../services/french.ts'
import { pick } from './random.ts'

export interface SeedLocation {
  en: string
  fr: string
  latitude: number
  longitude: number
  /** Name (en) of the location this one sits in. */
  parent?: string
  /** Street names used in addresses. */
  streets: string[]
  /** Monthly rent of a flat, USD per m²: what sets prices and, with `central`, which types fit the place. */
  rentPerM2: number
  /** A dense inner district: flats, shops and townhouses, but no farm, plot or warehouse. */
  central?: boolean
  /** What its picture shows (images.ts). */
  scene: LocationScene
}

/** A destination's picture: its setting and the landmark that tells it from the others. */
export interface LocationScene {
  setting: 'sea' | 'river' | 'lake' | 'hills' | 'desert'
  skyline: 'towers' | 'low' | 'flat-roofs' | 'terraces'
  landmark?: 'iron-tower' | 'clock-tower' | 'sails' | 'castle' | 'minaret' | 'bridge' | 'palms' | 'basilica'
  /** Index of the sky colours. */
  sky: number
}

export interface SeedCountry {
  code: string
  en: string
  fr: string
  locations: SeedLocation[]
}

export const COUNTRIES: SeedCountry[] = [
  {
    code: 'US',
    en: 'United States',
    fr: 'États-Unis',
    locations: [
      {
        en: 'New York',
        fr: 'New York',
        latitude: 40.7128,
        longitude: -74.006,
        streets: ['Hudson Street', 'West 4th Street', 'Park Avenue', 'Bleecker Street'],
        rentPerM2: 58,
        scene: { setting: 'river', skyline: 'towers', landmark: 'bridge', sky: 0 },
      },
      {
        en: 'Brooklyn',
        fr: 'Brooklyn',
        latitude: 40.6782,
        longitude: -73.9442,
        parent: 'New York',
        streets: ['Bedford Avenue', 'Atlantic Avenue', 'Court Street'],
        rentPerM2: 46,
        central: true,
        scene: { setting: 'river', skyline: 'terraces', landmark: 'bridge', sky: 1 },
      },
      {
        en: 'Los Angeles',
        fr: 'Los Angeles',
        latitude: 34.0522,
        longitude: -118.2437,
        streets: ['Sunset Boulevard', 'Melrose Avenue', 'Abbot Kinney Boulevard'],
        rentPerM2: 42,
        scene: { setting: 'hills', skyline: 'low', landmark: 'palms', sky: 1 },
      },
      {
        en: 'Chicago',
        fr: 'Chicago',
        latitude: 41.8781,
        longitude: -87.6298,
        streets: ['Lake Shore Drive', 'Wabash Avenue', 'Division Street'],
        rentPerM2: 29,
        scene: { setting: 'lake', skyline: 'towers', sky: 2 },
      },
      {
        en: 'Miami',
        fr: 'Miami',
        latitude: 25.7617,
        longitude: -80.1918,
        streets: ['Ocean Drive', 'Collins Avenue', 'Brickell Avenue'],
        rentPerM2: 36,
        scene: { setting: 'sea', skyline: 'towers', landmark: 'palms', sky: 5 },
      },
      {
        en: 'Austin',
        fr: 'Austin',
        latitude: 30.2672,
        longitude: -97.7431,
        streets: ['South Congress Avenue', 'Rainey Street', 'East 6th Street'],
        rentPerM2: 26,
        scene: { setting: 'hills', skyline: 'low', sky: 4 },
      },
    ],
  },
  {
    code: 'FR',
    en: 'France',
    fr: 'France',
    locations: [
      {
        en: 'Paris',
        fr: 'Paris',
        latitude: 48.8566,
        longitude: 2.3522,
        streets: ['rue de Rivoli', 'boulevard Saint-Germain', 'rue Oberkampf'],
        rentPerM2: 42,
        scene: { setting: 'river', skyline: 'low', landmark: 'iron-tower', sky: 3 },
      },
      {
        en: 'Le Marais',
        fr: 'Le Marais',
        latitude: 48.8592,
        longitude: 2.3622,
        parent: 'Paris',
        streets: ['rue des Rosiers', 'rue de Turenne', 'rue Vieille-du-Temple'],
        rentPerM2: 50,
        central: true,
        scene: { setting: 'river', skyline: 'terraces', landmark: 'basilica', sky: 4 },
      },
      {
        en: 'Lyon',
        fr: 'Lyon',
        latitude: 45.764,
        longitude: 4.8357,
        streets: ['rue de la République', 'quai Saint-Antoine', 'montée de la Grande-Côte'],
        rentPerM2: 22,
        scene: { setting: 'river', skyline: 'low', landmark: 'basilica', sky: 2 },
      },
      {
        en: 'Marseille',
        fr: 'Marseille',
        latitude: 43.2965,
        longitude: 5.3698,
        streets: ['La Canebière', 'rue Paradis', 'corniche Kennedy'],
        rentPerM2: 19,
        scene: { setting: 'sea', skyline: 'terraces', landmark: 'basilica', sky: 5 },
      },
      {
        en: 'Nice',
        fr: 'Nice',
        latitude: 43.7102,
        longitude: 7.262,
        streets: ['promenade des Anglais', 'rue de France', 'boulevard Gambetta'],
        rentPerM2: 29,
        scene: { setting: 'sea', skyline: 'low', landmark: 'palms', sky: 0 },
      },
      {
        en: 'Bordeaux',
        fr: 'Bordeaux',
        latitude: 44.8378,
        longitude: -0.5792,
        streets: ['cours de l’Intendance', 'quai des Chartrons', 'rue Sainte-Catherine'],
        rentPerM2: 21,
        scene: { setting: 'river', skyline: 'low', landmark: 'bridge', sky: 4 },
      },
    ],
  },
  {
    code: 'GB',
    en: 'United Kingdom',
    fr: 'Royaume-Uni',
    locations: [
      {
        en: 'London',
        fr: 'Londres',
        latitude: 51.5072,
        longitude: -0.1276,
        streets: ['Baker Street', 'King’s Road', 'Portobello Road'],
        rentPerM2: 47,
        scene: { setting: 'river', skyline: 'low', landmark: 'clock-tower', sky: 3 },
      },
      {
        en: 'Camden',
        fr: 'Camden',
        latitude: 51.539,
        longitude: -0.1426,
        parent: 'London',
        streets: ['Camden High Street', 'Parkway', 'Chalk Farm Road'],
        rentPerM2: 43,
        central: true,
        scene: { setting: 'river', skyline: 'terraces', sky: 2 },
      },
      {
        en: 'Manchester',
        fr: 'Manchester',
        latitude: 53.4808,
        longitude: -2.2426,
        streets: ['Deansgate', 'Oldham Street', 'Oxford Road'],
        rentPerM2: 23,
        scene: { setting: 'hills', skyline: 'towers', sky: 3 },
      },
      {
        en: 'Edinburgh',
        fr: 'Édimbourg',
        latitude: 55.9533,
        longitude: -3.1883,
        streets: ['Royal Mile', 'Princes Street', 'Leith Walk'],
        rentPerM2: 25,
        scene: { setting: 'hills', skyline: 'terraces', landmark: 'castle', sky: 2 },
      },
      {
        en: 'Bristol',
        fr: 'Bristol',
        latitude: 51.4545,
        longitude: -2.5879,
        streets: ['Park Street', 'Gloucester Road', 'Whiteladies Road'],
        rentPerM2: 25,
        scene: { setting: 'river', skyline: 'terraces', landmark: 'bridge', sky: 1 },
      },
    ],
  },
  {
    code: 'AU',
    en: 'Australia',
    fr: 'Australie',
    locations: [
      {
        en: 'Sydney',
        fr: 'Sydney',
        latitude: -33.8688,
        longitude: 151.2093,
        streets: ['George Street', 'Oxford Street', 'Macquarie Street'],
        rentPerM2: 41,
        scene: { setting: 'sea', skyline: 'towers', landmark: 'sails', sky: 0 },
      },
      {
        en: 'Bondi',
        fr: 'Bondi',
        latitude: -33.8915,
        longitude: 151.2767,
        parent: 'Sydney',
        streets: ['Campbell Parade', 'Hall Street', 'Curlewis Street'],
        rentPerM2: 46,
        central: true,
        scene: { setting: 'sea', skyline: 'low', landmark: 'palms', sky: 5 },
      },
      {
        en: 'Melbourne',
        fr: 'Melbourne',
        latitude: -37.8136,
        longitude: 144.9631,
        streets: ['Flinders Lane', 'Brunswick Street', 'Chapel Street'],
        rentPerM2: 31,
        scene: { setting: 'river', skyline: 'towers', sky: 1 },
      },
      {
        en: 'Brisbane',
        fr: 'Brisbane',
        latitude: -27.4698,
        longitude: 153.0251,
        streets: ['Queen Street', 'James Street', 'Boundary Street'],
        rentPerM2: 26,
        scene: { setting: 'river', skyline: 'towers', landmark: 'bridge', sky: 4 },
      },
      {
        en: 'Perth',
        fr: 'Perth',
        latitude: -31.9505,
        longitude: 115.8605,
        streets: ['Hay Street', 'Beaufort Street', 'Marine Parade'],
        rentPerM2: 25,
        scene: { setting: 'sea', skyline: 'towers', sky: 2 },
      },
    ],
  },
  {
    // Three places only: fewer than the home page features (docs/product.md §10), yet listed everywhere else.
    code: 'MA',
    en: 'Morocco',
    fr: 'Maroc',
    locations: [
      {
        // The city's own spelling, used in English too: its addresses (written as the town writes them) and
        // its label then agree in both languages.
        en: 'Marrakech',
        fr: 'Marrakech',
        latitude: 31.6295,
        longitude: -7.9811,
        streets: ['Derb Dabachi', 'avenue Mohammed V', 'rue Yves Saint Laurent'],
        rentPerM2: 12,
        scene: { setting: 'desert', skyline: 'flat-roofs', landmark: 'minaret', sky: 1 },
      },
      {
        en: 'Casablanca',
        fr: 'Casablanca',
        latitude: 33.5731,
        longitude: -7.5898,
        streets: ['boulevard d’Anfa', 'rue Tahar Sebti', 'boulevard de la Corniche'],
        rentPerM2: 13,
        scene: { setting: 'sea', skyline: 'flat-roofs', landmark: 'minaret', sky: 0 },
      },
      {
        en: 'Rabat',
        fr: 'Rabat',
        latitude: 34.0209,
        longitude: -6.8416,
        streets: ['avenue Hassan II', 'rue des Consuls', 'avenue Mohammed VI'],
        rentPerM2: 11,
        scene: { setting: 'sea', skyline: 'flat-roofs', landmark: 'palms', sky: 4 },
      },
    ],
  },
]

export interface SeedAgency {
  name: string
  email: string
  /** Numbers from the ranges set aside for fiction (555-01xx, Ofcom's drama numbers, …): nobody's phone. */
  phone: string
  /** Where most of its properties are (country codes). */
  countries: string[]
}

export const AGENCIES: SeedAgency[] = [
  {
    name: 'Harbor & Pine Realty',
    email: 'hello@harborpine.example',
    phone: '+1 202 555 0142',
    countries: ['US'],
  },
  {
    name: 'Blue Door Lettings',
    // The demo agency's sign-in to the back office (DEMO_AGENCY in seed.ts).
    email: 'agency@haven.test',
    phone: '+44 20 7946 0321',
    countries: ['GB'],
  },
  {
    name: 'Maison Lumière Immobilier',
    email: 'contact@maisonlumiere.example',
    phone: '+33 1 99 00 12 34',
    countries: ['FR'],
  },
  {
    name: 'Outback Homes Co.',
    email: 'stay@outbackhomes.example',
    phone: '+61 2 5550 1234',
    countries: ['AU'],
  },
  {
    name: 'Northgate Estates',
    email: 'info@northgate.example',
    phone: '+44 113 496 0555',
    countries: ['GB', 'FR'],
  },
  {
    name: 'Sunset Coast Rentals',
    email: 'book@sunsetcoast.example',
    phone: '+1 310 555 0187',
    countries: ['US', 'AU'],
  },
  {
    name: 'Atlas Riad Properties',
    email: 'bonjour@atlasriad.example',
    phone: '+33 1 99 00 56 78',
    countries: ['MA', 'FR'],
  },
  {
    name: 'Urban Nest Agency',
    email: 'team@urbannest.example',
    phone: '+1 646 555 0123',
    countries: ['US', 'GB', 'FR', 'AU'],
  },
]

/** A seeded location with its country: the order of their ids and pictures (parents first in each country). */
export const SEED_LOCATIONS = COUNTRIES.flatMap((country) =>
  [...country.locations]
    .sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)))
    .map((location) => ({ ...location, countryCode: country.code })),
)

/** Listing titles are written in the language of the place, as its agencies write them. */
const titleLanguage = (countryCode: string) => (countryCode === 'FR' || countryCode === 'MA' ? 'fr' : 'en')

const NOUNS: Record<'en' | 'fr', Record<PropertyType, string[]>> = {
  en: {
    HOUSE: ['House', 'Cottage', 'Family House'],
    APARTMENT: ['Loft', 'Studio', 'Apartment'],
    PLOT: ['Building Plot', 'Corner Lot'],
    FARM: ['Farm', 'Homestead'],
    COMMERCIAL: ['Shopfront', 'Office Suite', 'Retail Space'],
    INDUSTRIAL: ['Warehouse', 'Workshop'],
    TOWNHOUSE: ['Townhouse', 'Row House'],
  },
  fr: {
    HOUSE: ['Maison', 'Villa'],
    APARTMENT: ['Appartement', 'Loft', 'Studio', 'Duplex'],
    PLOT: ['Terrain à bâtir', 'Terrain'],
    FARM: ['Ferme', 'Domaine'],
    COMMERCIAL: ['Local commercial', 'Boutique', 'Bureaux'],
    INDUSTRIAL: ['Entrepôt', 'Atelier'],
    TOWNHOUSE: ['Maison de ville'],
  },
}
/** Words a country's agencies use that others do not. */
const LOCAL_NOUNS: Record<string, Partial<Record<PropertyType, string[]>>> = {
  GB: { APARTMENT: ['Loft', 'Studio', 'Flat'], TOWNHOUSE: ['Townhouse', 'Mews House'] },
  AU: { HOUSE: ['House', 'Bungalow', 'Cottage'], FARM: ['Farm', 'Station'] },
  US: { FARM: ['Ranch', 'Farm'] },
  MA: { HOUSE: ['Riad', 'Dar', 'Villa'] },
}
/** Out-of-town places named for the countryside, not a street: farms and plots. */
const RURAL_NAMES = {
  en: ['Willow Creek', 'Oak Hill', 'Stony Brook', 'Red Gate', 'Old Mill', 'Fern Valley'],
  fr: ['du Moulin', 'des Vignes', 'de la Source', 'des Oliviers', 'du Grand Pré', 'des Chênes'],
}

export const isRural = (type: PropertyType) => type === 'FARM' || type === 'PLOT' || type === 'INDUSTRIAL'

/** A listing title in the place's language: "Bedford Avenue Loft", "Loft rue Oberkampf", "Ferme des Vignes". */
export function propertyName(
  type: PropertyType,
  place: { countryCode: string; streets: string[] },
  rnd: () => number,
): { name: string; address: string } {
  const language = titleLanguage(place.countryCode)
  const noun = pick(LOCAL_NOUNS[place.countryCode]?.[type] ?? NOUNS[language][type], rnd)
  const number = 1 + Math.floor(rnd() * 180)
  if (type === 'FARM' || type === 'PLOT') {
    const rural = pick(RURAL_NAMES[language], rnd)
    return language === 'fr'
      ? { name: `${noun} ${rural}`, address: `chemin ${rural}` }
      : { name: `${rural} ${noun}`, address: `${number} ${rural} Road` }
  }
  const street = pick(place.streets, rnd)
  return language === 'fr'
    ? { name: `${noun} ${street}`, address: `${number} ${street}` }
    : { name: `${street} ${noun}`, address: `${number} ${street}` }
}

const between = (min: number, max: number, rnd: () => number) => min + Math.floor(rnd() * (max - min + 1))

interface Layout {
  bedrooms: number
  bathrooms: number
  kitchens: number
  /** m² of floor, or of land for a plot. */
  size: number
  parkingSpaces: number
}

/** A home with one bathroom for each `m2PerBathroom` of floor, and at least one. */
const home = (
  bedrooms: number,
  size: number,
  m2PerBathroom: number,
  kitchens: number,
  parkingSpaces: number,
): Layout => ({
  bedrooms,
  bathrooms: Math.max(1, Math.floor(size / m2PerBathroom)),
  kitchens,
  size,
  parkingSpaces,
})

/** Rooms and size that fit the type: a plot has no rooms, a studio one bathroom, big houses more. */
export function layoutOf(type: PropertyType, central: boolean, rnd: () => number): Layout {
  const parking = (max: number) => (central ? between(0, 1, rnd) : between(0, max, rnd))
  switch (type) {
    case 'APARTMENT': {
      const bedrooms = between(0, 3, rnd)
      const size = [between(18, 32, rnd), between(35, 58, rnd), between(55, 85, rnd), between(80, 125, rnd)][
        bedrooms
      ]!
      return { bedrooms, bathrooms: size >= 90 ? 2 : 1, kitchens: 1, size, parkingSpaces: parking(1) }
    }
    case 'HOUSE': {
      const bedrooms = between(2, 5, rnd)
      const size = between(60, 80, rnd) + bedrooms * between(18, 28, rnd)
      return home(bedrooms, size, 70, 1, parking(3))
    }
    case 'TOWNHOUSE': {
      const bedrooms = between(2, 4, rnd)
      const size = between(55, 70, rnd) + bedrooms * between(15, 22, rnd)
      return home(bedrooms, size, 65, 1, parking(1))
    }
    case 'FARM': {
      const bedrooms = between(3, 6, rnd)
      const size = between(140, 180, rnd) + bedrooms * between(20, 35, rnd)
      return home(bedrooms, size, 90, between(1, 2, rnd), between(2, 6, rnd))
    }
    case 'PLOT':
      return { bedrooms: 0, bathrooms: 0, kitchens: 0, size: between(6, 100, rnd) * 50, parkingSpaces: 0 }
    case 'COMMERCIAL':
      return {
        bedrooms: 0,
        bathrooms: 1,
        kitchens: between(0, 1, rnd),
        size: between(35, 320, rnd),
        parkingSpaces: parking(4),
      }
    case 'INDUSTRIAL':
      return {
        bedrooms: 0,
        bathrooms: between(1, 2, rnd),
        kitchens: 0,
        size: between(20, 300, rnd) * 10,
        parkingSpaces: between(2, 12, rnd),
      }
  }
}

/** Rent per m² against a flat's: land and sheds rent for much less, shops for a little more. */
const RENT_FACTOR: Record<PropertyType, number> = {
  APARTMENT: 1,
  HOUSE: 0.9,
  TOWNHOUSE: 0.95,
  FARM: 0.3,
  PLOT: 0.025,
  COMMERCIAL: 1.15,
  INDUSTRIAL: 0.3,
}
/** Shorter stays cost more per day: a month against a week or a day. */
const TERM_FROM_MONTH: Record<RentalTerm, number> = {
  DAILY: 1.8 / 30,
  WEEKLY: (1.4 * 7) / 30,
  MONTHLY: 1,
  YEARLY: 11,
}

/** Rounded as agencies price: to the unit under 100, to 5 under 1,000, then to 10, 50 and 100. */
function priceLike(amount: number): number {
  const step = amount < 100 ? 1 : amount < 1000 ? 5 : amount < 5000 ? 10 : amount < 20000 ? 50 : 100
  return Math.max(step, Math.round(amount / step) * step)
}

/** The price per rental term, in USD, from the place's rent, the type, the size and the term. */
export function priceOf(
  type: PropertyType,
  term: RentalTerm,
  size: number,
  rentPerM2: number,
  furnished: boolean,
  rnd: () => number,
): number {
  const monthly = size * rentPerM2 * RENT_FACTOR[type] * (furnished ? 1.1 : 1) * (0.85 + rnd() * 0.3)
  return priceLike(monthly * TERM_FROM_MONTH[term])
}

const TYPE_WORDS: Record<PropertyType, { en: string; fr: string; frFeminine: boolean }> = {
  HOUSE: { en: 'house', fr: 'maison', frFeminine: true },
  APARTMENT: { en: 'apartment', fr: 'appartement', frFeminine: false },
  PLOT: { en: 'plot of land', fr: 'terrain', frFeminine: false },
  FARM: { en: 'farm', fr: 'ferme', frFeminine: true },
  COMMERCIAL: { en: 'commercial space', fr: 'local commercial', frFeminine: false },
  INDUSTRIAL: { en: 'industrial unit', fr: 'local industriel', frFeminine: false },
  TOWNHOUSE: { en: 'townhouse', fr: 'maison de ville', frFeminine: true },
}

export interface DescribedProperty {
  type: PropertyType
  bedrooms: number
  bathrooms: number
  size: number | null
  aircon: boolean
  furnished: boolean
  petsAllowed: boolean
  parkingSpaces: number
  locationEn: string
  locationFr: string
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** French counts things in words up to one, as it is said: "une chambre", "2 chambres". */
const pluralFr = (n: number, one: string, many: string, feminine: boolean) =>
  n === 1 ? `${feminine ? 'une' : 'un'} ${one}` : `${n} ${many}`

/** "a, b and c": a list as a sentence says it. */
const listed = (items: string[], and: string) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}` : (items[0] ?? '')

export function describe(p: DescribedProperty): { en: string; fr: string } {
  const word = TYPE_WORDS[p.type]
  const living = p.type === 'HOUSE' || p.type === 'APARTMENT' || p.type === 'TOWNHOUSE' || p.type === 'FARM'
  const en: string[] = []
  const fr: string[] = []
  const bright = word.frFeminine ? 'lumineuse' : 'lumineux'
  const inPlace = withPreposition('à', p.locationFr)
  const bathroomsFr = pluralFr(p.bathrooms, 'salle de bain', 'salles de bain', true)
  if (living && p.bedrooms === 0) {
    en.push(
      `A bright studio in ${p.locationEn}, with ${plural(p.bathrooms, 'bathroom', 'bathrooms')}${p.size ? ` and ${p.size} m² of living space` : ''}.`,
    )
    fr.push(`Un studio lumineux ${inPlace}, avec ${bathroomsFr}${p.size ? `, ${p.size} m² habitables` : ''}.`)
  } else if (living) {
    en.push(
      `A bright ${p.bedrooms}-bedroom ${word.en} in ${p.locationEn}, with ${plural(p.bathrooms, 'bathroom', 'bathrooms')}${p.size ? ` and ${p.size} m² of living space` : ''}.`,
    )
    fr.push(
      `${word.frFeminine ? 'Une' : 'Un'} ${word.fr} ${bright} ${inPlace}, ${pluralFr(p.bedrooms, 'chambre', 'chambres', true)} et ${bathroomsFr}${p.size ? `, ${p.size} m² habitables` : ''}.`,
    )
  } else {
    en.push(
      `A well-placed ${p.size ? `${p.size} m² ` : ''}${word.en} in ${p.locationEn}, ready for your project.`,
    )
    fr.push(
      `${word.frFeminine ? 'Une' : 'Un'} ${word.fr}${p.size ? ` de ${p.size} m²` : ''} bien ${word.frFeminine ? 'située' : 'situé'} ${inPlace}, ${word.frFeminine ? 'prête' : 'prêt'} pour votre projet.`,
    )
  }
  const extrasEn: string[] = []
  const extrasFr: string[] = []
  if (p.aircon) {
    extrasEn.push('air conditioning')
    extrasFr.push('la climatisation')
  }
  if (p.furnished) {
    extrasEn.push('furniture')
    extrasFr.push('le mobilier')
  }
  if (p.parkingSpaces > 0) {
    extrasEn.push(plural(p.parkingSpaces, 'parking space', 'parking spaces'))
    extrasFr.push(pluralFr(p.parkingSpaces, 'place de parking', 'places de parking', true))
  }
  if (extrasEn.length) {
    en.push(`It comes with ${listed(extrasEn, 'and')}.`)
    // Each thing takes its own "de": "de la climatisation, du mobilier et d’une place de parking".
    fr.push(
      `Vous profiterez ${listed(
        extrasFr.map((extra) => withPreposition('de', extra)),
        'et',
      )}.`,
    )
  }
  en.push(p.petsAllowed ? 'Pets are welcome.' : 'Sorry, no pets.')
  fr.push(p.petsAllowed ? 'Les animaux sont les bienvenus.' : 'Les animaux ne sont pas acceptés.')
  en.push('Book online in minutes; our support team answers 24/7.')
  // No-break spaces: no line breaks before the semicolon or inside "7 j/7".
  fr.push('Réservez en ligne en quelques minutes\u202f; notre équipe vous répond 24\u00a0h/24, 7\u00a0j/7.')
  return { en: en.join(' '), fr: fr.join(' ') }
}

/** The notification of a demo booking in `status`, about the property `name`. */
export function bookingNotice(status: BookingStatus, name: string): { en: string; fr: string } {
  switch (status) {
    case 'PAID':
      return {
        en: `Your payment for ${name} was received.`,
        fr: `Votre paiement pour ${name} a bien été reçu.`,
      }
    case 'DEPOSIT':
      return {
        en: `Your deposit for ${name} was received.`,
        fr: `Votre acompte pour ${name} a bien été reçu.`,
      }
    case 'RESERVED':
      // The verb before the name: a name's gender is unknown, and nothing after it agrees with it.
      return { en: `${name} is reserved for you.`, fr: `Nous vous avons réservé ${name}.` }
    case 'PENDING':
      return {
        en: `Your booking of ${name} awaits payment.`,
        fr: `Votre réservation ${withPreposition('de', name)} attend son paiement.`,
      }
    case 'CANCELLED':
    case 'VOID':
      return {
        en: `Your booking of ${name} was updated.`,
        fr: `Votre réservation ${withPreposition('de', name)} a été mise à jour.`,
      }
  }
}
