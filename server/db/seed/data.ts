// The demo world: places, agencies and the words property names and descriptions are made of.
import type { PropertyType, RentalTerm } from '../../../src/domain/enums.ts'

export interface SeedLocation {
  en: string
  fr: string
  latitude: number
  longitude: number
  /** Name (en) of the location this one sits in. */
  parent?: string
  /** Street names used in addresses. */
  streets: string[]
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
      },
      {
        en: 'Brooklyn',
        fr: 'Brooklyn',
        latitude: 40.6782,
        longitude: -73.9442,
        parent: 'New York',
        streets: ['Bedford Avenue', 'Atlantic Avenue', 'Court Street'],
      },
      {
        en: 'Los Angeles',
        fr: 'Los Angeles',
        latitude: 34.0522,
        longitude: -118.2437,
        streets: ['Sunset Boulevard', 'Melrose Avenue', 'Abbot Kinney Boulevard'],
      },
      {
        en: 'Chicago',
        fr: 'Chicago',
        latitude: 41.8781,
        longitude: -87.6298,
        streets: ['Lake Shore Drive', 'Wabash Avenue', 'Division Street'],
      },
      {
        en: 'Miami',
        fr: 'Miami',
        latitude: 25.7617,
        longitude: -80.1918,
        streets: ['Ocean Drive', 'Collins Avenue', 'Brickell Avenue'],
      },
      {
        en: 'Austin',
        fr: 'Austin',
        latitude: 30.2672,
        longitude: -97.7431,
        streets: ['South Congress Avenue', 'Rainey Street', 'East 6th Street'],
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
      },
      {
        en: 'Le Marais',
        fr: 'Le Marais',
        latitude: 48.8592,
        longitude: 2.3622,
        parent: 'Paris',
        streets: ['rue des Rosiers', 'rue de Turenne', 'rue Vieille-du-Temple'],
      },
      {
        en: 'Lyon',
        fr: 'Lyon',
        latitude: 45.764,
        longitude: 4.8357,
        streets: ['rue de la République', 'quai Saint-Antoine', 'montée de la Grande-Côte'],
      },
      {
        en: 'Marseille',
        fr: 'Marseille',
        latitude: 43.2965,
        longitude: 5.3698,
        streets: ['La Canebière', 'rue Paradis', 'corniche Kennedy'],
      },
      {
        en: 'Nice',
        fr: 'Nice',
        latitude: 43.7102,
        longitude: 7.262,
        streets: ['promenade des Anglais', 'rue de France', 'boulevard Gambetta'],
      },
      {
        en: 'Bordeaux',
        fr: 'Bordeaux',
        latitude: 44.8378,
        longitude: -0.5792,
        streets: ['cours de l’Intendance', 'quai des Chartrons', 'rue Sainte-Catherine'],
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
      },
      {
        en: 'Camden',
        fr: 'Camden',
        latitude: 51.539,
        longitude: -0.1426,
        parent: 'London',
        streets: ['Camden High Street', 'Parkway', 'Chalk Farm Road'],
      },
      {
        en: 'Manchester',
        fr: 'Manchester',
        latitude: 53.4808,
        longitude: -2.2426,
        streets: ['Deansgate', 'Oldham Street', 'Oxford Road'],
      },
      {
        en: 'Edinburgh',
        fr: 'Édimbourg',
        latitude: 55.9533,
        longitude: -3.1883,
        streets: ['Royal Mile', 'Princes Street', 'Leith Walk'],
      },
      {
        en: 'Bristol',
        fr: 'Bristol',
        latitude: 51.4545,
        longitude: -2.5879,
        streets: ['Park Street', 'Gloucester Road', 'Whiteladies Road'],
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
      },
      {
        en: 'Bondi',
        fr: 'Bondi',
        latitude: -33.8915,
        longitude: 151.2767,
        parent: 'Sydney',
        streets: ['Campbell Parade', 'Hall Street', 'Curlewis Street'],
      },
      {
        en: 'Melbourne',
        fr: 'Melbourne',
        latitude: -37.8136,
        longitude: 144.9631,
        streets: ['Flinders Lane', 'Brunswick Street', 'Chapel Street'],
      },
      {
        en: 'Brisbane',
        fr: 'Brisbane',
        latitude: -27.4698,
        longitude: 153.0251,
        streets: ['Queen Street', 'James Street', 'Boundary Street'],
      },
      {
        en: 'Perth',
        fr: 'Perth',
        latitude: -31.9505,
        longitude: 115.8605,
        streets: ['Hay Street', 'Beaufort Street', 'Marine Parade'],
      },
    ],
  },
  {
    // Three locations only: below the minimum of docs/product.md §10, so it is not listed among destinations.
    code: 'MA',
    en: 'Morocco',
    fr: 'Maroc',
    locations: [
      {
        en: 'Marrakesh',
        fr: 'Marrakech',
        latitude: 31.6295,
        longitude: -7.9811,
        streets: ['Derb Dabachi', 'avenue Mohammed V', 'rue Yves Saint Laurent'],
      },
      {
        en: 'Casablanca',
        fr: 'Casablanca',
        latitude: 33.5731,
        longitude: -7.5898,
        streets: ['boulevard d’Anfa', 'rue Tahar Sebti', 'boulevard de la Corniche'],
      },
      {
        en: 'Rabat',
        fr: 'Rabat',
        latitude: 34.0209,
        longitude: -6.8416,
        streets: ['avenue Hassan II', 'rue des Consuls', 'avenue Mohammed VI'],
      },
    ],
  },
]

export interface SeedAgency {
  name: string
  email: string
  /** Where most of its properties are (country codes). */
  countries: string[]
}

export const AGENCIES: SeedAgency[] = [
  { name: 'Harbor & Pine Realty', email: 'hello@harborpine.example', countries: ['US'] },
  { name: 'Blue Door Lettings', email: 'lets@bluedoor.example', countries: ['GB'] },
  { name: 'Maison Lumière Immobilier', email: 'contact@maisonlumiere.example', countries: ['FR'] },
  { name: 'Outback Homes Co.', email: 'stay@outbackhomes.example', countries: ['AU'] },
  { name: 'Northgate Estates', email: 'info@northgate.example', countries: ['GB', 'FR'] },
  { name: 'Sunset Coast Rentals', email: 'book@sunsetcoast.example', countries: ['US', 'AU'] },
  { name: 'Atlas Riad Properties', email: 'bonjour@atlasriad.example', countries: ['MA', 'FR'] },
  { name: 'Urban Nest Agency', email: 'team@urbannest.example', countries: ['US', 'GB', 'FR', 'AU'] },
]

export const ADJECTIVES = [
  'Sunny',
  'Quiet',
  'Cedar',
  'Maple',
  'Harbor',
  'Garden',
  'Willow',
  'Hillside',
  'Riverside',
  'Olive',
  'Lavender',
  'Coastal',
  'Old Mill',
  'Stone',
  'Courtyard',
  'Skyline',
  'Linden',
  'Juniper',
  'Bay View',
  'Orchard',
]

export const NOUNS: Record<PropertyType, string[]> = {
  HOUSE: ['Cottage', 'Villa', 'Family Home', 'Bungalow', 'House'],
  APARTMENT: ['Loft', 'Studio', 'Apartment', 'Penthouse', 'Flat'],
  PLOT: ['Building Plot', 'Land Parcel', 'Corner Lot'],
  FARM: ['Farm', 'Ranch', 'Homestead', 'Vineyard Farm'],
  COMMERCIAL: ['Retail Space', 'Office Suite', 'Shopfront', 'Café Premises'],
  INDUSTRIAL: ['Warehouse', 'Workshop', 'Logistics Unit', 'Maker Space'],
  TOWNHOUSE: ['Townhouse', 'Row House', 'Mews House'],
}

/** Price ranges per rental term, in USD. */
export const PRICE_RANGES: Record<RentalTerm, [number, number]> = {
  DAILY: [45, 420],
  WEEKLY: [260, 2600],
  MONTHLY: [850, 9200],
  YEARLY: [9500, 96000],
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

export function describe(p: DescribedProperty): { en: string; fr: string } {
  const word = TYPE_WORDS[p.type]
  const living = p.type === 'HOUSE' || p.type === 'APARTMENT' || p.type === 'TOWNHOUSE' || p.type === 'FARM'
  const en: string[] = []
  const fr: string[] = []
  const bright = word.frFeminine ? 'lumineuse' : 'lumineux'
  if (living) {
    en.push(
      `A bright ${p.bedrooms}-bedroom ${word.en} in ${p.locationEn}, with ${plural(p.bathrooms, 'bathroom', 'bathrooms')}${p.size ? ` and ${p.size} m² of living space` : ''}.`,
    )
    fr.push(
      `${word.frFeminine ? 'Une' : 'Un'} ${word.fr} ${bright} à ${p.locationFr}, ${plural(p.bedrooms, 'chambre', 'chambres')} et ${plural(p.bathrooms, 'salle de bain', 'salles de bain')}${p.size ? `, ${p.size} m² habitables` : ''}.`,
    )
  } else {
    en.push(
      `A well-placed ${word.en} in ${p.locationEn}${p.size ? ` of ${p.size} m²` : ''}, ready for your project.`,
    )
    fr.push(
      `${word.frFeminine ? 'Une' : 'Un'} ${word.fr} bien ${word.frFeminine ? 'située' : 'situé'} à ${p.locationFr}${p.size ? ` de ${p.size} m²` : ''}, ${word.frFeminine ? 'prête' : 'prêt'} pour votre projet.`,
    )
  }
  const extrasEn: string[] = []
  const extrasFr: string[] = []
  if (p.aircon) {
    extrasEn.push('air conditioning')
    extrasFr.push('la climatisation')
  }
  if (p.furnished) {
    extrasEn.push('furniture included')
    extrasFr.push('le mobilier')
  }
  if (p.parkingSpaces > 0) {
    extrasEn.push(plural(p.parkingSpaces, 'parking space', 'parking spaces'))
    extrasFr.push(plural(p.parkingSpaces, 'place de parking', 'places de parking'))
  }
  if (extrasEn.length) {
    en.push(`It comes with ${extrasEn.join(', ')}.`)
    fr.push(`Vous profiterez de ${extrasFr.join(', ')}.`)
  }
  en.push(p.petsAllowed ? 'Pets are welcome.' : 'Sorry, no pets.')
  fr.push(p.petsAllowed ? 'Les animaux sont les bienvenus.' : 'Les animaux ne sont pas acceptés.')
  en.push('Book online in minutes; our support team answers 24/7.')
  fr.push('Réservez en ligne en quelques minutes ; notre équipe vous répond 24 h/24, 7 j/7.')
  return { en: en.join(' '), fr: fr.join(' ') }
}
