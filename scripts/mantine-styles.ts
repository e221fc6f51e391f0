// Mantine's CSS for the components Haven uses, not for all of its hundred: the whole library's stylesheet
// (251 KB) made every style recalculation of the first paint slower. `virtual:mantine-styles` imports the
// stylesheet of every component the app's sources import from Mantine (src/**, tests left out) and of every
// component those are built on, found by following Mantine's own modules from the names imported:
// - a component's module imports its CSS module (`Select.module.mjs`), which Mantine ships as
//   `@mantine/core/styles/Select.css`, and the components it renders (Select: InputBase, Combobox…);
//   MantineProvider imports `baseline.mjs`, `default-css-variables.mjs` and `global.mjs`, the base layers;
// - a part a component only carries as a member (`Checkbox.Card = CheckboxCard`) counts once `Checkbox.Card`
//   is written, in the app or in Mantine;
// - @mantine/dates and @mantine/notifications are followed into the core components they render (their own
//   stylesheets the app imports with them, as they load lazily).
// The stylesheets come in the order of Mantine's whole stylesheet, `@mantine/core/styles.css`, which is all of
// them end to end: base layers first, each component after those it is built on (the cascade needs it).
import { existsSync, globSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

import type { Plugin, ViteDevServer } from 'vite'

const root = new URL('..', import.meta.url).pathname
const VIRTUAL = 'virtual:mantine-styles'
type Package = 'core' | 'dates' | 'notifications'

/** The app's sources that ship: every module under src/ but tests and their harness. */
export function appSources(): string[] {
  return globSync('src/**/*.{ts,tsx}', { cwd: root })
    .filter((file) => !/\.test\.tsx?$|\.d\.ts$/.test(file) && !file.startsWith('src/test/'))
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

interface MantineModule {
  /** Modules it renders or runs, its CSS module among them. */
  imports: string[]
  /** `Name.Member = Part`: the part's module, by member. */
  members: Map<string, string>
  /** `Local.Member` written in its code: the module that exports `Local`, and the member. */
  memberUses: [string, string][]
  /** Modules imported for their effect alone: MantineProvider's `import "./baseline.mjs";` stands for a stylesheet. */
  bare: string[]
}

/** Mantine's published modules, read once each. */
export class MantineModules {
  readonly #modules = new Map<string, MantineModule>()
  readonly #exports = new Map<Package, Map<string, string>>()

  constructor(readonly nodeModules = join(root, 'node_modules')) {}

  /** The module a package's index takes an export from. */
  exported(pkg: Package, name: string): string | undefined {
    if (!this.#exports.has(pkg)) {
      const index = join(this.nodeModules, '@mantine', pkg, 'esm', 'index.mjs')
      const names = new Map<string, string>()
      for (const [, braces, , from] of readFileSync(index, 'utf8').matchAll(MODULE_IMPORT)) {
        if (!from!.startsWith('.')) continue
        for (const [local] of bindings(braces)) names.set(local, join(dirname(index), from!))
      }
      this.#exports.set(pkg, names)
    }
    return this.#exports.get(pkg)!.get(name)
  }

  /** Every module a package's index exports from (a lazy `import('@mantine/notifications')` may use any). */
  everyExport(pkg: Package): string[] {
    this.exported(pkg, '')
    return [...new Set(this.#exports.get(pkg)!.values())]
  }

  read(file: string): MantineModule {
    const known = this.#modules.get(file)
    if (known) return known
    const code = readFileSync(file, 'utf8')
    const body = code.replace(MODULE_IMPORT, '').replace(MEMBER, '')
    const imports: string[] = []
    const bare: string[] = []
    const locals = new Map<string, string>() // local name → the module it comes from
    for (const [, first, second, from] of code.matchAll(MODULE_IMPORT)) {
      if (!first) {
        if (from!.startsWith('.')) bare.push(join(dirname(file), from!))
        continue
      }
      const bound = new Map([...bindings(first.startsWith('{') ? first : undefined), ...bindings(second)])
      if (!first.startsWith('{')) bound.set(first.replace(/^\* as /, ''), 'default')
      for (const [local, exported] of bound) {
        const target = from!.startsWith('.') ? join(dirname(file), from!) : this.#bareTarget(from!, exported)
        if (!target) continue
        locals.set(local, target)
        // A name used only as a member (`Checkbox.Card = CheckboxCard`) waits for that member's use.
        if (new RegExp(`(?<![\\w$.])${escape(local)}(?![\\w$])`).test(body)) imports.push(target)
      }
    }
    const members = new Map<string, string>()
    for (const [, , member, part] of code.matchAll(MEMBER)) {
      const target = locals.get(part!)
      if (target) members.set(member!, target)
    }
    const memberUses: [string, string][] = []
    for (const [, owner] of code.matchAll(MEMBER)) locals.set(owner!, file) // `Menu.Item` in Menu's own module
    for (const [local, target] of locals) {
      for (const [, member] of body.matchAll(new RegExp(`\\b${escape(local)}\\.(\\w+)`, 'g'))) {
        memberUses.push([target, member!])
      }
    }
    const read = { imports: [...new Set(imports)], members, memberUses, bare }
    this.#modules.set(file, read)
    return read
  }

  /** `import { A } from "@mantine/core"` in @mantine/dates or notifications: A's module. */
  #bareTarget(from: string, exported: string): string | undefined {
    const pkg = /^@mantine\/(core|dates|notifications)$/.exec(from)?.[1] as Package | undefined
    return pkg ? this.exported(pkg, exported) : undefined
  }
}

const escape = (text: string) => text.replaceAll('$', '\\$')

/**
 * The stylesheets (`@mantine/core/styles/<name>.css`), in Mantine's order, that the components imported by
 * `sources` (modules' text) and those they are built on need.
 */
export function mantineStylesheets(sources: string[], modules = new MantineModules()): string[] {
  const start: string[] = []
  const memberUses = new Set<string>()
  for (const source of sources) {
    for (const [, typeOnly, braces, pkg] of source.matchAll(APP_IMPORT)) {
      if (typeOnly) continue
      for (const [local, exported] of bindings(braces)) {
        const file = modules.exported(pkg as Package, exported)
        if (!file) continue
        start.push(file)
        for (const [, member] of source.matchAll(new RegExp(`\\b${escape(local)}\\.(\\w+)`, 'g'))) {
          memberUses.add(`${file}#${member}`)
        }
      }
    }
    for (const [, pkg] of source.matchAll(APP_LAZY_IMPORT)) start.push(...modules.everyExport(pkg as Package))
  }

  const core = join(modules.nodeModules, '@mantine', 'core')
  const seen = new Set<string>()
  const waiting = new Map<string, string>() // members defined but not yet used: `${file}#${member}` → part
  const stylesheets = new Set<string>()
  const visit = [...start]
  const use = (key: string) => {
    memberUses.add(key)
    const part = waiting.get(key)
    if (part) visit.push(part)
  }
  for (const key of memberUses) use(key)
  while (visit.length > 0) {
    const file = visit.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const { imports, members, memberUses: uses, bare } = modules.read(file)
    const cssModule = /([\w-]+)\.module\.mjs$/.exec(file)?.[1]
    if (cssModule && file.startsWith(core)) stylesheets.add(`${cssModule}.css`)
    for (const standIn of bare) {
      const name = /([\w-]+)\.mjs$/.exec(standIn)![1]!
      if (standIn.startsWith(core) && existsSync(join(core, 'styles', `${name}.css`)))
        stylesheets.add(`${name}.css`)
    }
    visit.push(...imports)
    for (const [member, part] of members) {
      const key = `${file}#${member}`
      waiting.set(key, part)
      if (memberUses.has(key)) visit.push(part)
    }
    for (const [target, member] of uses) use(`${target}#${member}`)
  }
  return inMantineOrder([...stylesheets], core)
}

/** Sorted as `@mantine/core/styles.css` holds them; a name it lacks is a Mantine change to look at. */
function inMantineOrder(stylesheets: string[], core: string): string[] {
  const whole = readFileSync(join(core, 'styles.css'), 'utf8')
  const position = new Map(
    stylesheets.map((name) => {
      const at = whole.indexOf(readFileSync(join(core, 'styles', name), 'utf8').trim())
      if (at < 0) throw new Error(`@mantine/core/styles.css does not hold styles/${name}`)
      return [name, at]
    }),
  )
  return stylesheets.toSorted((a, b) => position.get(a)! - position.get(b)!)
}

export const mantineStylesModule = (stylesheets: string[]): string =>
  stylesheets.map((name) => `import '@mantine/core/styles/${name}'`).join('\n')

/** `virtual:mantine-styles`, computed again in development when a source's Mantine imports change. */
export function mantineStyles(): Plugin {
  const modules = new MantineModules()
  let current: string | undefined
  const compute = () => mantineStylesModule(mantineStylesheets(appSources(), modules))
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
