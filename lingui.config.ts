import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', 'src/domain'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // English is the source: an en message with no translation shows its source text.
  fallbackLocales: { default: 'en' },
})
