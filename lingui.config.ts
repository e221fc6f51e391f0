import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// One catalog for the shell, which every page loads, and one per feature, which its screens load before
// they render (docs/architecture.md, Messages and catalogs): a first visit carries only the messages of the
// shell and of the page it opens.
const TESTS = ['**/*.test.ts', '**/*.test.tsx']
// Feature components the shell renders on every page: their messages belong to the shell's catalog.
const IN_THE_SHELL = ['src/features/notifications/components/notification-bell.tsx']
// The account texts (refusal codes, field errors) that only the forms of some features show: their own
// catalog, which those features' screens load with theirs (src/i18n/catalogs.ts).
const ACCOUNT_TEXTS = ['src/lib/account-messages.ts']

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: ['src/app', 'src/lib', 'src/offline', 'src/i18n', ...IN_THE_SHELL],
      exclude: [...TESTS, ...ACCOUNT_TEXTS],
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: ACCOUNT_TEXTS,
    },
    {
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['src/features/{name}'],
      exclude: [...TESTS, ...IN_THE_SHELL],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // English is the source: an en message with no translation shows its source text.
  fallbackLocales: { default: 'en' },
})
