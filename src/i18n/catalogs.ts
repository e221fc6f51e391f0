// The messages, one Lingui catalog per part of the app (lingui.config.ts, docs/messages.md): the shell's,
// which every page needs, and each feature's, which only its screens need. A catalog
// is its own chunk per language, loaded the first time a screen asks for it; from then on it is "in use",
// and a switch of language loads every catalog in use before the new language shows.
import { i18n, type Messages } from '@lingui/core'

import { isLanguage, type Language } from '@/domain/enums'

import { MISSING_MESSAGE, SHELL_CATALOG } from './catalog-names'

// A message that no catalog loaded holds shows as its id: a screen that does not load the catalog of a file it
// shows (lingui.config.ts decides each file's). Said where the end-to-end tests look (tests/e2e/fixtures.ts).
i18n.on('missing', ({ id, locale }) => {
  console.error(`${MISSING_MESSAGE} ${id} is in no ${locale} catalog loaded`)
})

const inUse = new Set<string>([SHELL_CATALOG])
const loads = new Map<string, Promise<void>>()
/** The language the latest switch asked for; the active one until that switch has its catalogs. */
let requestedLocale: Language | undefined

interface Catalog {
  messages: Messages
}
/**
 * Each catalog's chunk. The renter's build (mode `production`) leaves out the back office's (`back-office`,
 * `office-*`: docs/architecture.md, The back office), which its entry would otherwise list; the back office's
 * build, the tests and development have them all.
 */
const CATALOGS: Record<string, () => Promise<Catalog>> =
  import.meta.env.MODE === 'production'
    ? import.meta.glob<Catalog>([
        '../locales/*/*.po',
        '!../locales/*/back-office.po',
        '!../locales/*/office-*.po',
      ])
    : import.meta.glob<Catalog>('../locales/*/*.po')

function loadCatalog(locale: Language, name: string): Promise<void> {
  const key = `${locale}/${name}`
  let load = loads.get(key)
  if (!load) {
    const catalog = CATALOGS[`../locales/${key}.po`]
    load = catalog
      ? catalog().then(({ messages }) => i18n.load(locale, messages))
      : Promise.reject(new Error(`No catalog ${key} in this build`))
    // A failed load (offline, a deleted chunk) is tried again by the next screen that asks.
    load.catch(() => loads.delete(key))
    loads.set(key, load)
  }
  return load
}

/**
 * Loads every catalog in use for `locale`, then makes it the active language. When switches overlap, the
 * last one asked for wins.
 */
export async function loadLocale(locale: Language): Promise<void> {
  requestedLocale = locale
  await Promise.all([...inUse].map((name) => loadCatalog(locale, name)))
  if (requestedLocale === locale && i18n.locale !== locale) i18n.activate(locale)
}

/**
 * Catalogs a screen or a part of the app shows (a screen's: its feature's declaration says which), in the
 * active language and in any language a switch is loading: a screen awaits them before it renders, so that it
 * never shows a message id.
 */
export async function loadCatalogs(names: readonly string[]): Promise<void> {
  for (const each of names) inUse.add(each)
  const locales = [...new Set([i18n.locale, requestedLocale].filter(isLanguage))]
  await Promise.all(locales.flatMap((locale) => names.map((each) => loadCatalog(locale, each))))
}
