// Mantine's CSS for the components Haven uses, not for all of its hundred: the whole library's stylesheet
// (251 KB) made every style recalculation of the first paint slower. `virtual:mantine-styles` imports the
// stylesheet of every component the app's sources import from Mantine (src/**, tests left out) and of every
// component those are built on, found by following Mantine's own modules from the names imported:
// - a component's module imports its CSS module (`Select.module.mjs`), which Mantine ships as
//   `@mantine/core/styles/Select.css`, and the components it renders (Select: InputBase, Combobox…);
//   MantineProvider imports `baseline.mjs`, `default-css-variables.mjs` and `global.mjs`, the base layers;
// - a part a component only carries as a member (`Checkbox.Card = CheckboxCard`) counts where `Checkbox.Card`
//   is written, in the app or in Mantine;
// - @mantine/dates and @mantine/notifications are followed into the core components they render (their own
//   stylesheets the app imports with them, as they load lazily).
// The base layers come first, then each component's stylesheet after those of the components it renders, as
// their modules would run (the cascade needs it: an Anchor is a Text, whose `text-decoration` must not win).
import { existsSync, globSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

import type { Plugin, ViteDevServer } from 'vite'

const root = new URL('..', import.meta.url).pathname
const VIRTUAL = 'virtual:mantine-styles'
type Package = 'core' | 'dates' | 'notifications'

/**
 * The app's sources that ship: every module under src/ but tests and their harness; for the renter's build,
 * none of the back office's (src/back-office and its features: `backOffice`, their folders), whose components'
 * stylesheets are the back office's alone.
 */
export function appSources(backOffice?: readonly string[]): string[] {
  return globSync('src/**/*.{ts,tsx}', { cwd: root })
    .filter((file) => !/\.test\.tsx?$|\.d\.ts$/.test(file) && !file.startsWith('src/test/'))
    .filter((file) => !backOffice?.some((folder) => file.startsWith(`${folder}/`)))
    .map((file) => readFileSync(join(root, file), 'utf8'))
}

// Mantine's modules as published (one import per line: `import { A, B as C } from "./a.mjs";`).
const MODULE_IMPORT = /^import (?:(\{[^}]*\}|[\w$]+|\* as [\w$]+)(?: *, *(\{[^}]*\}))? from )?"([^"]+)";$/gm
const MEMBER = /^([\w$]+)\.(\w+) = ([\w$]+);$/gm
// The app's sources, as Prettier writes them; `import type` and `type X` bind nothing that renders.
const APP_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/(core|dates|notifications)'/g
const APP_LAZY_IMPORT = /\bimport\(\s*'@mantine\/(core|dates|notifications)'\s*\)/g

/** Local names bound by an import's braces, with the name each exports: `{ A, B as C }` → C ← B. */
function bindings(braces: string | undefined): Map<string, string> {
  const bound = new Map<string, string>()
  for (const part of (braces ?? '').replace(/[{}]/g, '').split(',')) {
    const [exported, local = exported] = part.trim().split(/\s+as\s+/)
    if (exported && !exported.startsWith('type ')) bound.set(local!, exported)
  }
  return bound
}

interface Parsed {
  /** The modules of the names its code uses, and those it imports for their effect alone, in order. */
  imports: string[]
  /** `Name.Member = Part`: the part's module, by member. */
  members: Map<string, string>
  /** `Local.Member` written in its code: the module `Local` comes from, and the member. */
  memberUses: [string, string][]
}

/** Mantine's published modules, read once each. */
class MantineModules {
  readonly #parsed = new Map<string, Parsed>()
  readonly #exports = new Map<Package, Map<string, string>>()
  /** Modules imported for their effect alone: MantineProvider's `import "./baseline.mjs";`, its base layers. */
  readonly #layers = new Set<string>()

  constructor(readonly nodeModules = join(root, 'node_modules')) {}

  /** The module a package's index takes an export from. */
  exported(pkg: Package, name: string): string | undefined {
    return this.#exported(pkg).get(name)
  }

  /** Every export of a package (a lazy `import('@mantine/notifications')` may use any), with its module. */
  everyExport(pkg: Package): [string, string][] {
    return [...this.#exported(pkg)]
  }

  /** The part a component carries as `member` (`Checkbox.Card`), when it has one. */
  member(file: string, member: string): string | undefined {
    return this.#parse(file).members.get(member)
  }

  /** What a module renders or runs: the modules its code uses, and the parts it uses as members. */
  dependencies(file: string): string[] {
    const { imports, memberUses } = this.#parse(file)
    const parts = memberUses.flatMap(([target, member]) => this.member(target, member) ?? [])
    return [...new Set([...imports, ...parts])]
  }

  /** The stylesheet a module stands for: core's `Button.module.mjs` → `Button.css`; a base layer's. */
  stylesheet(file: string): { name: string; layer: boolean } | undefined {
    const core = join(this.nodeModules, '@mantine', 'core')
    if (!file.startsWith(core)) return undefined
    const cssModule = /([\w-]+)\.module\.mjs$/.exec(file)?.[1]
    if (cssModule) return { name: `${cssModule}.css`, layer: false }
    const layer = /([\w-]+)\.mjs$/.exec(file)![1]!
    return this.#layers.has(file) && existsSync(join(core, 'styles', `${layer}.css`))
      ? { name: `${layer}.css`, layer: true }
      : undefined
  }

  #exported(pkg: Package): Map<string, string> {
    let names = this.#exports.get(pkg)
    if (!names) {
      const index = join(this.nodeModules, '@mantine', pkg, 'esm', 'index.mjs')
      names = new Map()
      for (const [, braces, , from] of readFileSync(index, 'utf8').matchAll(MODULE_IMPORT)) {
        if (!from!.startsWith('.')) continue
        for (const [local] of bindings(braces)) names.set(local, join(dirname(index), from!))
      }
      this.#exports.set(pkg, names)
    }
    return names
  }

  #parse(file: string): Parsed {
    const known = this.#parsed.get(file)
    if (known) return known
    const code = readFileSync(file, 'utf8')
    const body = code.replace(MODULE_IMPORT, '').replace(MEMBER, '')
    const imports: string[] = []
    const locals = new Map<string, string>() // local name → the module it comes from
    for (const [, first, second, from] of code.matchAll(MODULE_IMPORT)) {
      if (!first) {
        if (!from!.startsWith('.')) continue
        imports.push(join(dirname(file), from!))
        this.#layers.add(join(dirname(file), from!))
        continue
      }
      const bound = new Map([...bindings(first.startsWith('{') ? first : undefined), ...bindings(second)])
      if (!first.startsWith('{')) bound.set(first.replace(/^\* as /, ''), 'default')
      for (const [local, exported] of bound) {
        const target = from!.startsWith('.') ? join(dirname(file), from!) : this.#bareTarget(from!, exported)
        if (!target) continue
        locals.set(local, target)
        // A name used only as a member (`Checkbox.Card = CheckboxCard`) counts where that member is used.
        if (new RegExp(`(?<![\\w$.])${escape(local)}(?![\\w$])`).test(body)) imports.push(target)
      }
    }
    const members = new Map<string, string>()
    for (const [, owner, member, part] of code.matchAll(MEMBER)) {
      const target = locals.get(part!)
      if (target) members.set(member!, target)
      locals.set(owner!, file) // `Menu.Item` in Menu's own module
    }
    const memberUses: [string, string][] = []
    for (const [local, target] of locals) {
      for (const [, member] of body.matchAll(new RegExp(`\\b${escape(local)}\\.(\\w+)`, 'g'))) {
        memberUses.push([target, member!])
      }
    }
    const parsed = { imports, members, memberUses }
    this.#parsed.set(file, parsed)
    return parsed
  }

  /** `import { A } from "@mantine/core"` in @mantine/dates or notifications: A's module. */
  #bareTarget(from: string, exported: string): string | undefined {
    const pkg = /^@mantine\/(core|dates|notifications)$/.exec(from)?.[1] as Package | undefined
    return pkg ? this.exported(pkg, exported) : undefined
  }
}

const escape = (text: string) => text.replaceAll('$', '\\$')

/**
 * The stylesheets (`@mantine/core/styles/<name>.css`) that the components imported by `sources` (modules'
 * text) and those they render need: the base layers, then each component's after those of the components it
 * renders (the order its modules would run in), the app's components taken in alphabetical order.
 */
export function mantineStylesheets(sources: string[], modules = new MantineModules()): string[] {
  const used = new Map<string, string>() // what the app uses (`Checkbox`, `Radio.Group`) → its module
  for (const source of sources) {
    for (const [, typeOnly, braces, pkg] of source.matchAll(APP_IMPORT)) {
      if (typeOnly) continue
      for (const [local, exported] of bindings(braces)) {
        const file = modules.exported(pkg as Package, exported)
        if (!file) continue
        used.set(exported, file)
        for (const [, member] of source.matchAll(new RegExp(`\\b${escape(local)}\\.(\\w+)`, 'g'))) {
          const part = modules.member(file, member!)
          if (part) used.set(`${exported}.${member}`, part)
        }
      }
    }
    for (const [, pkg] of source.matchAll(APP_LAZY_IMPORT)) {
      for (const [name, file] of modules.everyExport(pkg as Package)) used.set(`${pkg}:${name}`, file)
    }
  }

  const layers = new Set<string>()
  const components = new Set<string>()
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const dependency of modules.dependencies(file)) visit(dependency)
    const stylesheet = modules.stylesheet(file)
    if (stylesheet) (stylesheet.layer ? layers : components).add(stylesheet.name)
  }
  for (const name of [...used.keys()].toSorted()) visit(used.get(name)!)
  return [...layers, ...components]
}

const mantineStylesModule = (stylesheets: string[]): string =>
  stylesheets.map((name) => `import '@mantine/core/styles/${name}'`).join('\n')

/**
 * `virtual:mantine-styles`, computed again in development when a source's Mantine imports change; `leftOut`:
 * folders whose sources this build does not ship (the back office's, in the renter's build).
 */
export function mantineStyles(leftOut?: readonly string[]): Plugin {
  const modules = new MantineModules()
  let current: string | undefined
  const compute = () => mantineStylesModule(mantineStylesheets(appSources(leftOut), modules))
  return {
    name: 'haven:mantine-styles',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : null),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null
      current = compute()
      return current
    },
    handleHotUpdate({ file, server, modules: changed }) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(file) || current === undefined || compute() === current) return
      return [...changed, ...invalidated(server)]
    },
  }
}

function invalidated(server: ViteDevServer) {
  const module = server.moduleGraph.getModuleById(`\0${VIRTUAL}`)
  if (!module) return []
  server.moduleGraph.invalidateModule(module)
  return [module]
}
