// The catalogs that are no feature's (lingui.config.ts, docs/messages.md): the shell's and the shared ones. Each
// feature declares its own and its screens' (src/features/<name>/feature.ts); src/features/declarations.ts
// lists them all. No code of Lingui's, so that Node tools and the end-to-end tests read them too.

/** The catalog of src/app, offline, ui, lib and i18n, which every page loads before its first render. */
export const SHELL_CATALOG = 'shell'

/** The back office's own shell (src/back-office: its layout, header and navigation), loaded with the shell's. */
export const BACK_OFFICE_CATALOG = 'back-office'

/**
 * The catalogs of no feature, with their files, each loaded with what shows them: the account texts (refusal
 * codes, field errors) that only the forms of some features show (their `needs`); the entities' texts (a
 * property's card and labels, the place picker, the stay's dates, the heart), which the home, search,
 * property, saved places and bookings screens show (their `needs`); the texts of MapLibre's chunk
 * (src/entities/map/maplibre-map.tsx and the hooks only it imports), loaded with that chunk (lazy-map.tsx, whose
 * placeholder's texts are the shell's). The session entity's few texts are the shell's.
 */
export const SHARED_CATALOGS: Readonly<Record<string, readonly string[]>> = {
  account: ['src/ui/account-messages.ts'],
  entities: ['src/entities/property', 'src/entities/booking', 'src/entities/favourite'],
  map: [
    'src/entities/map/maplibre-map.tsx',
    'src/entities/map/use-map-*.ts',
    'src/entities/map/properties-in.ts',
  ],
}

/**
 * How the app says, in the console, that a message is in no catalog loaded (src/i18n/catalogs.ts): the
 * end-to-end tests fail on it (tests/e2e/fixtures.ts).
 */
export const MISSING_MESSAGE = 'Missing message:'
