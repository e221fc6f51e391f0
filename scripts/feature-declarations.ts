// What the build makes of the features' declarations (src/features/<name>/feature.ts) for the client:
// - in a feature's routes.ts, `screenPath(feature, 'key')` and `screenComponent(feature, 'key')`
//   (src/lib/screen-routes.ts) replaced by the declared screen's values, as literals: its path, and its lazy
//   component (its module's import, its export, its catalogs). The entry chunk, which every first visit loads,
//   carries what a hand-written route did; a declaration as data weighed 0.5 KB more there (gzip);
// - the landing screens' modules, for their shared chunks (scripts/landing-chunks.ts).
import { join } from 'node:path'

import type { Plugin } from 'vite'

import { catalogsOf, type FeatureDeclaration } from '../src/domain/feature-declaration.ts'
import { FEATURES, SCREENS } from '../src/features/declarations.ts'

const root = new URL('..', import.meta.url).pathname

const SCREEN_PATH = /\bscreenPath\(\s*\w+\s*,\s*'(\w+)'\s*\)/g
const SCREEN_COMPONENT = /\bscreenComponent\(\s*\w+\s*,\s*'(\w+)'\s*\)/g
const ROUTES = /[\\/]src[\\/]features[\\/]([\w-]+)[\\/]routes\.ts$/

/** A feature's routes.ts with its declared screens' values in place of the calls that name them. */
export function inlineScreens(code: string, feature: FeatureDeclaration): string {
  const screen = (key: string) => {
    const declared = feature.screens[key]
    if (!declared) throw new Error(`src/features/${feature.name}/feature.ts declares no screen ${key}`)
    return declared
  }
  const inlined = code
    .replace(SCREEN_PATH, (_call, key: string) => JSON.stringify(screen(key).path))
    .replace(SCREEN_COMPONENT, (_call, key: string) => {
      const { module, export: name } = screen(key)
      const catalogs = catalogsOf(feature, screen(key))
      return `__lazyScreen(${JSON.stringify(catalogs)}, () => import(${JSON.stringify(`./${module}`)}), ${JSON.stringify(name)})`
    })
  if (inlined === code) return code
  const lib = JSON.stringify(join(root, 'src/lib/screen-routes.ts'))
  return `import { lazyScreen as __lazyScreen } from ${lib}\n${inlined}`
}

export function featureDeclarations(): Plugin {
  return {
    name: 'haven:feature-declarations',
    enforce: 'pre',
    transform(code, id) {
      const name = ROUTES.exec(id)?.[1]
      const feature = FEATURES.find((each) => each.name === name)
      return feature ? { code: inlineScreens(code, feature), map: null } : null
    },
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The landing screens' modules, by screen (`home`, `search`…), as scripts/landing-chunks.ts takes them. */
export const landingScreens = (): Record<string, RegExp> =>
  Object.fromEntries(
    SCREENS.filter((screen) => screen.landing).map((screen) => [
      screen.key,
      new RegExp(`[\\\\/]${screen.modulePath.split('/').map(escapeRegExp).join('[\\\\/]')}$`),
    ]),
  )
