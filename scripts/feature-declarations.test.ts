// The features' declarations agree with their folders: what they name exists, and each folder, screen module
// and catalog is declared once. A mistake here would otherwise show only as a route that fails to open, a
// message in no catalog, or a build that fails on its manifest.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { CATALOG_NAMES, FEATURES, featuresOf, SCREENS } from '../src/features/declarations.ts'
import { inlineScreens, landingScreens } from './feature-declarations.ts'

const root = new URL('..', import.meta.url).pathname
const featuresDir = join(root, 'src', 'features')

describe('feature declarations', () => {
  it('declares each feature folder once, under its own name', () => {
    const folders = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(
      FEATURES.map((feature) => feature.name).toSorted(),
      'each folder of src/features is imported and listed in FEATURES (src/features/declarations.ts)',
    ).toEqual(folders.toSorted())
  })

  it("names files that exist, in each feature's folder", () => {
    for (const feature of FEATURES) {
      const folder = join(featuresDir, feature.name)
      const inFolder = [
        ...Object.values(feature.screens).flatMap((screen) => [
          screen.module,
          ...(screen.catalog?.files ?? []),
        ]),
        ...(feature.inTheShell ?? []),
      ]
      for (const file of inFolder)
        expect(existsSync(join(folder, file)), `${feature.name}: ${file}`).toBe(true)
    }
  })

  it('declares every screen module of a folder (its routes.ts imports each `*-page.tsx` it finds)', () => {
    for (const feature of FEATURES) {
      const pages = readdirSync(join(featuresDir, feature.name)).filter((file) => file.endsWith('-page.tsx'))
      expect(
        Object.values(feature.screens)
          .map((screen) => screen.module)
          .toSorted(),
        feature.name,
      ).toEqual(pages.toSorted())
    }
  })

  it('gives each path and each catalog one declaration', () => {
    const paths = SCREENS.map((screen) => screen.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect(new Set(CATALOG_NAMES).size).toBe(CATALOG_NAMES.length)
    for (const screen of SCREENS)
      for (const name of screen.catalogs) expect(CATALOG_NAMES, `${screen.path}: ${name}`).toContain(name)
  })

  it("names the back office's features office-*, whose catalogs the renter's build leaves out, and puts their screens under /admin", () => {
    expect(featuresOf('backend').length).toBeGreaterThan(0)
    for (const feature of featuresOf('backend')) {
      expect(feature.name).toMatch(/^office-/)
      for (const screen of Object.values(feature.screens)) expect(screen.path).toMatch(/^\/admin(\/|$)/)
    }
    for (const feature of featuresOf('frontend')) {
      expect(feature.name).not.toMatch(/^office-|^back-office$/)
      for (const screen of Object.values(feature.screens)) expect(screen.path).not.toMatch(/^\/admin(\/|$)/)
    }
  })

  it("writes a screen's path and lazy component into its feature's routes.ts as literals", () => {
    const search = FEATURES.find((feature) => feature.name === 'search')!
    const code = inlineScreens(
      "createRoute({ path: screenPath(search, 'search'), component: screenComponent(search, 'search') })",
      search,
    )
    expect(code).toContain(
      'createRoute({ path: "/search", component: __lazyScreen(["search","entities"], () => import("./search-page.tsx"), "SearchPage") })',
    )
    expect(code).toMatch(/^import \{ lazyScreen as __lazyScreen \} from ".*src\/lib\/screen-routes\.ts"\n/)
    expect(() => inlineScreens("screenPath(search, 'nowhere')", search)).toThrow(/declares no screen nowhere/)
  })

  it('finds the landing screens by their modules', () => {
    const landing = landingScreens()
    expect(Object.keys(landing).toSorted()).toEqual(['home', 'property', 'search'])
    expect(landing.search!.test('/work/app/src/features/search/search-page.tsx')).toBe(true)
    expect(landing.search!.test('/work/app/src/features/search/search-page.tsx.map')).toBe(false)
  })
})
