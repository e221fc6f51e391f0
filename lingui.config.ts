import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// One catalog for the shell, which every page loads, and one per feature, which its screens load before
// they render (docs/messages.md); the catalog's landing screens (home, a search, a property) and its saved
// places have one each beside the catalog's shared one, and the map one of its own, loaded with MapLibre: a
// first visit carries only the messages of the shell and of the page it opens.
const TESTS = ['**/*.test.ts', '**/*.test.tsx']
// Feature components the shell renders on every page: their messages belong to the shell's catalog.
const IN_THE_SHELL = ['src/features/notifications/components/notification-bell.tsx']
// The account texts (refusal codes, field errors) that only the forms of some features show: their own
// catalog, which those features' screens load with theirs (src/i18n/catalogs.ts).
const ACCOUNT_TEXTS = ['src/lib/account-messages.ts']
// The texts of MapLibre's chunk (src/lib/map/maplibre-map.tsx and the hooks only it imports): their own
// catalog, loaded with that chunk (lazy-map.tsx, whose placeholder's texts are the shell's).
const MAP_TEXTS = ['src/lib/map/maplibre-map.tsx', 'src/lib/map/use-map-*.ts', 'src/lib/map/properties-in.ts']
// What the catalog's screens share with the bookings' (a property's vocabularies, the stay's dates): in
// src/lib, as features do not import each other, but their messages stay in the catalog's shared catalog,
// which the bookings' screens load too (src/i18n/catalogs.ts).
const PROPERTY_TEXTS = ['src/lib/property-labels.ts', 'src/lib/stay-dates.tsx', 'src/lib/stay-calendar.tsx']
// The catalog's screens with a catalog of their own, and the files only each of them shows. Every other file
// of src/features/catalog (its shared components, the agencies' and destinations' few lines) is in the
// catalog's shared catalog, which each of these screens loads with its own.
const CATALOG_SCREENS = {
  home: [
    'src/features/catalog/home-page.tsx',
    'src/features/catalog/components/hero-search.tsx',
    'src/features/catalog/components/marketing-points.tsx',
    'src/features/catalog/components/featured-properties.tsx',
  ],
  search: [
    'src/features/catalog/search-page.tsx',
    'src/features/catalog/components/search-filters.tsx',
    'src/features/catalog/components/filters-drawer.tsx',
    'src/features/catalog/components/results-map.tsx',
  ],
  property: [
    'src/features/catalog/property-page.tsx',
    'src/features/catalog/components/booking-bar.tsx',
    'src/features/catalog/components/option-value.tsx',
    'src/features/catalog/components/gallery',
  ],
  favourites: ['src/features/catalog/favourites-page.tsx'],
}

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: ['src/app', 'src/lib', 'src/offline', 'src/i18n', ...IN_THE_SHELL],
      exclude: [...TESTS, ...ACCOUNT_TEXTS, ...PROPERTY_TEXTS, ...MAP_TEXTS],
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: ACCOUNT_TEXTS,
    },
    {
      path: '<rootDir>/src/locales/{locale}/map',
      include: MAP_TEXTS,
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/locales/{locale}/catalog',
      include: ['src/features/catalog', ...PROPERTY_TEXTS],
      exclude: [...TESTS, ...Object.values(CATALOG_SCREENS).flat()],
    },
    ...Object.entries(CATALOG_SCREENS).map(([name, files]) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: files,
      exclude: TESTS,
    })),
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['src/features/{name}'],
      // The catalog's have their own entries above.
      exclude: [...TESTS, ...IN_THE_SHELL, 'src/features/catalog'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // English is the source: an en message with no translation shows its source text.
  fallbackLocales: { default: 'en' },
})
