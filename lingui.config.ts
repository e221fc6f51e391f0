import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// One catalog for the shell, which every page loads, and one per feature, which its screens load before
// they render (docs/messages.md): a first visit carries only the messages of the
// shell and of the page it opens.
const TESTS = ['**/*.test.ts', '**/*.test.tsx']
// Feature components the shell renders on every page: their messages belong to the shell's catalog.
const IN_THE_SHELL = ['src/features/notifications/components/notification-bell.tsx']
// The account texts (refusal codes, field errors) that only the forms of some features show: their own
// catalog, which those features' screens load with theirs (src/i18n/catalogs.ts).
const ACCOUNT_TEXTS = ['src/lib/account-messages.ts']
// What the catalog's screens share with the bookings' (a property's vocabularies, the stay's dates, the map):
// in src/lib, as features do not import each other, but their messages stay in the catalog's catalog, which
// the bookings' screens load too (src/i18n/catalogs.ts).
const PROPERTY_TEXTS = [
  'src/lib/property-labels.ts',
  'src/lib/stay-dates.tsx',
  'src/lib/stay-calendar.tsx',
  'src/lib/map',
]

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: ['src/app', 'src/lib', 'src/offline', 'src/i18n', ...IN_THE_SHELL],
      exclude: [...TESTS, ...ACCOUNT_TEXTS, ...PROPERTY_TEXTS],
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: ACCOUNT_TEXTS,
    },
    {
      path: '<rootDir>/src/locales/{locale}/catalog',
      include: ['src/features/catalog', ...PROPERTY_TEXTS],
      exclude: TESTS,
    },
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['src/features/{name}'],
      // The catalog's has its own entry above.
      exclude: [...TESTS, ...IN_THE_SHELL, 'src/features/catalog'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // English is the source: an en message with no translation shows its source text.
  fallbackLocales: { default: 'en' },
})
