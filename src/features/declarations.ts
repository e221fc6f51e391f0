// Every feature's declaration (its folder's feature.ts), for what reads them all: the router's screens come
// from each feature's routes.ts, and Lingui's catalogs (lingui.config.ts), the build (vite.config.ts,
// scripts/build.ts, the server's manifest of rendered screens) and the tests from here. A feature folder
// without its line here fails scripts/feature-declarations.test.ts.
import {
  type Application,
  applicationOf,
  catalogsOf,
  type FeatureDeclaration,
  type ScreenDeclaration,
} from '../domain/feature-declaration.ts'
import { BACK_OFFICE_CATALOG, SHARED_CATALOGS, SHELL_CATALOG } from '../i18n/catalog-names.ts'
import auth from './auth/feature.ts'
import bookings from './bookings/feature.ts'
import checkout from './checkout/feature.ts'
import favourites from './favourites/feature.ts'
import home from './home/feature.ts'
import info from './info/feature.ts'
import notifications from './notifications/feature.ts'
import officeAccount from './office-account/feature.ts'
import officeAdmin from './office-admin/feature.ts'
import officeBookings from './office-bookings/feature.ts'
import officeCalendar from './office-calendar/feature.ts'
import officeListings from './office-listings/feature.ts'
import officeNotifications from './office-notifications/feature.ts'
import property from './property/feature.ts'
import search from './search/feature.ts'
import settings from './settings/feature.ts'

export const FEATURES: readonly FeatureDeclaration[] = [
  auth,
  bookings,
  checkout,
  favourites,
  home,
  info,
  notifications,
  officeAccount,
  officeAdmin,
  officeBookings,
  officeCalendar,
  officeListings,
  officeNotifications,
  property,
  search,
  settings,
]

/** A screen with what the tools need of it: its feature, its module from the project's root, its catalogs. */
export interface DeclaredScreen extends ScreenDeclaration {
  /** Its key in its feature's `screens` (`search`): landing chunks are named by it. */
  key: string
  feature: FeatureDeclaration
  /** Its module as the build's manifest names it (`src/features/search/search-page.tsx`). */
  modulePath: string
  /** The catalogs it loads, its own first (catalogsOf). */
  catalogs: string[]
  /** Its feature's application: each application is built apart (vite.config.ts). */
  application: Application
}

export const SCREENS: readonly DeclaredScreen[] = FEATURES.flatMap((feature) =>
  Object.entries(feature.screens).map(([key, screen]) => ({
    ...screen,
    key,
    feature,
    modulePath: `src/features/${feature.name}/${screen.module}`,
    catalogs: catalogsOf(feature, screen),
    application: applicationOf(feature),
  })),
)

/** The features of one application. */
export const featuresOf = (application: Application): FeatureDeclaration[] =>
  FEATURES.filter((feature) => applicationOf(feature) === application)

/** The screens of one application. */
export const screensOf = (application: Application): DeclaredScreen[] =>
  SCREENS.filter((screen) => screen.application === application)

/**
 * The catalogs one application's build holds: the shell's and the shared ones (the back office's own shell,
 * src/back-office, is `BACK_OFFICE_CATALOG`), each of its features' and each of their screens'.
 */
export const catalogNamesOf = (application: Application): string[] => [
  SHELL_CATALOG,
  ...Object.keys(SHARED_CATALOGS),
  ...(application === 'backend' ? [BACK_OFFICE_CATALOG] : []),
  ...featuresOf(application).map((feature) => feature.name),
  ...screensOf(application).flatMap((screen) => (screen.catalog ? [screen.catalog.name] : [])),
]

/**
 * Every catalog: the shell's, the shared ones (the account texts, the entities', the map's), each feature's
 * and each screen's.
 */
export const CATALOG_NAMES: readonly string[] = [
  ...catalogNamesOf('frontend'),
  BACK_OFFICE_CATALOG,
  ...featuresOf('backend').map((feature) => feature.name),
  ...screensOf('backend').flatMap((screen) => (screen.catalog ? [screen.catalog.name] : [])),
]
