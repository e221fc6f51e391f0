import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

import { FEATURES } from './src/features/declarations.ts'
import { BACK_OFFICE_CATALOG, SHARED_CATALOGS, SHELL_CATALOG } from './src/i18n/catalog-names.ts'

// One catalog for the shell, which every page loads, the shared ones (the account texts, the entities', the
// map's), and one per feature, which its screens load before they render; a screen may have one of its own
// beside its feature's: a first visit carries only the messages of the shell and of the page it opens. Each
// feature declares its catalog, its screens' and those it needs in its feature.ts (docs/messages.md).
const TESTS = ['**/*.test.ts', '**/*.test.tsx']
const folderOf = (name: string) => `src/features/${name}`
const inFolder = (name: string, files: readonly string[] = []) =>
  files.map((file) => `${folderOf(name)}/${file}`)
// Feature files the shell renders on every page (the notification bell): their messages are the shell's.
const inTheShell = FEATURES.flatMap((feature) => inFolder(feature.name, feature.inTheShell))
const sharedFiles = Object.values(SHARED_CATALOGS).flat()

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [
    {
      path: `<rootDir>/src/locales/{locale}/${SHELL_CATALOG}`,
      include: ['src/app', 'src/entities', 'src/offline', 'src/ui', 'src/lib', 'src/i18n', ...inTheShell],
      exclude: [...TESTS, ...sharedFiles],
    },
    // The back office's shell (its layout, header and navigation), which its pages load with the shell's.
    {
      path: `<rootDir>/src/locales/{locale}/${BACK_OFFICE_CATALOG}`,
      include: ['src/back-office'],
      exclude: TESTS,
    },
    ...Object.entries(SHARED_CATALOGS).map(([name, files]) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: [...files],
      exclude: TESTS,
    })),
    ...FEATURES.flatMap((feature) => {
      const screenCatalogs = Object.values(feature.screens).flatMap((screen) =>
        screen.catalog ? [screen.catalog] : [],
      )
      return [
        {
          path: `<rootDir>/src/locales/{locale}/${feature.name}`,
          include: [folderOf(feature.name)],
          // Its screens' own catalogs hold what only each of them shows.
          exclude: [
            ...TESTS,
            ...inFolder(feature.name, feature.inTheShell),
            ...screenCatalogs.flatMap(({ files }) => inFolder(feature.name, files)),
          ],
        },
        ...screenCatalogs.map(({ name, files }) => ({
          path: `<rootDir>/src/locales/{locale}/${name}`,
          include: inFolder(feature.name, files),
          exclude: TESTS,
        })),
      ]
    }),
  ],
  format: formatter({ lineNumbers: false }),
  // English is the source: an en message with no translation shows its source text.
  fallbackLocales: { default: 'en' },
})
