// What a feature says of itself, once, in its folder's feature.ts (src/features/<name>/feature.ts): its
// catalog of messages, its screens and what the server and the build do with them.
// Plain data: the router, Lingui's configuration, the build (vite.config.ts, scripts/build.ts) and the
// server's page renderer (through the manifest the build writes) all read it. Here, in src/domain, because
// it is the one layer that every other one, the server and the Node tools may import (docs/architecture.md).

/** A screen: a route of the app and the module that shows it, one lazy chunk of its own. */
export interface ScreenDeclaration {
  /** Its route's path (`/search`, `/checkout-session/$sessionId`). */
  path: string
  /** Its module, in the feature's folder (`search-page.tsx`); the router imports it when the screen opens. */
  module: string
  /** The component the module exports. */
  export: string
  /**
   * A catalog of its own beside its feature's, with the files of the feature's folder that only it shows: a
   * first visit to a landing screen loads its own messages, not those of every screen of its feature.
   */
  catalog?: { name: string; files: readonly string[] }
  /**
   * A public page: the export of its feature's page-heads.ts that holds its heading and lead, which the server
   * sends as the page's title and description before any script runs (dist/page-heads.json), and which the
   * sitemap lists.
   */
  head?: string
  /** The server renders it for each request (server/pages/), keeping one page per set of `reads`' values. */
  rendered?: { reads: readonly string[] }
  /** A page visitors arrive on from outside: its first load is budgeted (tests/e2e/budget.spec.ts). */
  landing?: true
}

/**
 * The application a feature's screens belong to (docs/product.md §1's application types): the renter's app
 * (`frontend`, src/app, at `/`) or the back office (`backend`, src/back-office, under `/admin`). Each is a
 * client build of its own: nothing of the back office is in the renter's chunks, catalogs or precache.
 */
export type Application = 'frontend' | 'backend'

export interface FeatureDeclaration {
  /** Its folder's name under src/features, and its catalog's (src/locales/{en,fr}/<name>.po). */
  name: string
  /** Its application; absent, the renter's (`frontend`). */
  application?: Application
  /** The catalogs its screens load with its own (`account`: the forms' refusal and field texts). */
  needs: readonly string[]
  /** Files of its folder that the shell shows on every page: their messages are the shell's. */
  inTheShell?: readonly string[]
  screens: Readonly<Record<string, ScreenDeclaration>>
}

/** Checks a declaration's shape and keeps its literal types (a route's path stays `'/search'`). */
export const defineFeature = <const T extends FeatureDeclaration>(feature: T): T => feature

/** The application `feature` belongs to. */
export const applicationOf = (feature: FeatureDeclaration): Application => feature.application ?? 'frontend'

/** The catalogs `screen` of `feature` loads: its own if it has one, its feature's, then what it needs. */
export const catalogsOf = (feature: FeatureDeclaration, screen: ScreenDeclaration): string[] => [
  ...(screen.catalog ? [screen.catalog.name] : []),
  feature.name,
  ...feature.needs,
]
