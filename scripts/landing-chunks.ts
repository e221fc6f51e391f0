// A Vite build plugin and its chunk groups: what the screens a visitor lands on share comes in one chunk per
// combination of those screens, instead of one small chunk per shared module.
//
// Rolldown's automatic splitting gives every module shared by a different set of screens a chunk of its own
// (Mantine's Card, Paper, SimpleGrid, the favourites' heart, the money format…): a first search loaded 19
// of them, each a request of its own and compressed apart from the others (docs/performance.md, 2026-11-27
// 12:50–14:05). Here, a module a landing screen's code imports statically, directly or not, goes into the
// chunk of the landing screens that use it when two or more do: a landing screen's own code loads no module
// it does not use, in fewer chunks. What a screen imports lazily is not followed (a wide search's side
// filters, home's sections below the fold): such a part may load a landing chunk with modules it does not
// use, as do other screens that use one of its modules. What the entry imports stays in the entry (the
// `shell` group, first).
//
// A library's index that only re-exports (Mantine's, TanStack Query's) is followed through the names a
// module imports from it, not to everything it lists: a screen that imports `Card` uses Card's module, not
// every Mantine component. What cannot be told that way (a namespace or default import) is followed whole.
import type { Plugin } from 'vite'

type ChunkGroup = {
  /** What the bundler's timing report calls the group (its chunks take the names `name` gives). */
  debugName: string
  name: (id: string) => string | null
  priority: number
  includeDependenciesRecursively: boolean
}

/** `import { a, b as c } from 'x'` and `export { a } from 'x'`: the names each specifier gives. */
const NAMED_FROM = /\b(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g
/** Any other import or re-export from a specifier: a default, a namespace, `export *`, a bare import. */
const ANY_FROM = /\b(?:import|export)\s*(?:[^'";]*?\s*from\s*)?["']([^"']+)["']/g
/** What a barrel holds besides imports, re-exports and an export list: nothing but space and directives. */
const BARREL_STATEMENTS =
  /\b(?:import|export)\s*(?:[^'";]*?\s*from\s*)?["'][^"']+["'];?|\bexport\s*\{[^}]*\};?|["']use client["'];?|\/\/[^\n]*|\/\*[\s\S]*?\*\//g

/**
 * `{ a, b as c }` of an import or export: each name as written and as bound (`[a, a]`, `[b, c]`), type-only
 * names left out. In an import, the module's export and the importer's name; in an export, the local name
 * and the exported one.
 */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^type\s/.test(part))
    .map((part) => {
      const [name, bound = name] = part.split(/\s+as\s+/)
      return [name!.trim(), bound!.trim()]
    })
}

export function landingChunks(landingScreens: Record<string, RegExp>): {
  plugin: Plugin
  groups: ChunkGroup[]
} {
  /** Each module's landing screens: those whose code imports it, directly or not. */
  const screensOf = new Map<string, string[]>()
  const plugin: Plugin = {
    name: 'haven:landing-chunks',
    apply: 'build',
    buildStart() {
      screensOf.clear()
    },
    async buildEnd(error) {
      if (error) return
      const code = (id: string) => this.getModuleInfo(id)?.code ?? ''
      const barrels = new Map<string, boolean>()
      const isBarrel = (id: string) => {
        if (!barrels.has(id)) {
          const text = code(id)
          barrels.set(id, text !== '' && text.replaceAll(BARREL_STATEMENTS, '').trim() === '')
        }
        return barrels.get(id)!
      }
      const resolved = new Map<string, string | null>()
      const resolve = async (specifier: string, importer: string) => {
        const key = `${importer}\0${specifier}`
        if (!resolved.has(key)) resolved.set(key, (await this.resolve(specifier, importer))?.id ?? null)
        return resolved.get(key)!
      }
      /** The modules behind the names `names` of a barrel, and what it re-exports whole. */
      const behind = async (barrel: string, names: string[]): Promise<string[]> => {
        const text = code(barrel)
        const local = new Map<string, string>() // a name the barrel exports → its local name
        for (const [, list] of text.matchAll(/\bexport\s*\{([^}]*)\}\s*;/g)) {
          for (const [name, exported] of bindings(list!)) local.set(exported, name)
        }
        const found = new Set<string>()
        const unmatched = new Set(names.map((name) => local.get(name) ?? name))
        // An import binds a local name, an `export … from` the exported one: either is what is looked for.
        for (const [, list, specifier] of text.matchAll(NAMED_FROM)) {
          const hits = bindings(list!)
            .map(([, bound]) => bound)
            .filter((name) => unmatched.has(name))
          if (hits.length === 0) continue
          for (const name of hits) unmatched.delete(name)
          const id = await resolve(specifier!, barrel)
          if (id) found.add(id)
        }
        // A name found in none of its lists comes from an `export *`: each of those is followed, by those
        // names when it re-exports too (TanStack Query's index re-exports its core's).
        if (unmatched.size > 0) {
          for (const [statement, specifier] of text.matchAll(ANY_FROM)) {
            if (!/^export\s*\*/.test(statement)) continue
            const id = await resolve(specifier!, barrel)
            if (!id) continue
            if (isBarrel(id)) for (const module of await behind(id, [...unmatched])) found.add(module)
            else found.add(id)
          }
        }
        return [...found]
      }
      /** What a module imports, through barrels by the names it takes from them. */
      const importsOf = async (id: string): Promise<string[]> => {
        const info = this.getModuleInfo(id)
        if (!info) return []
        const text = info.code ?? ''
        const deps: string[] = []
        const throughBarrel = new Map<string, string[] | null>() // a barrel → the names taken, null for all
        for (const [statement, list, specifier] of text.matchAll(NAMED_FROM)) {
          const dep = await resolve(specifier!, id)
          if (!dep || !isBarrel(dep) || throughBarrel.get(dep) === null) continue
          // `import X, { a } from`: the default is taken too, which no name of the index's lists tells.
          const withDefault = /^import\s*[\w$]+\s*,/.test(statement)
          throughBarrel.set(
            dep,
            withDefault
              ? null
              : [...(throughBarrel.get(dep) ?? []), ...bindings(list!).map(([name]) => name)],
          )
        }
        for (const [statement, specifier] of text.matchAll(ANY_FROM)) {
          if (/\{/.test(statement)) continue
          const dep = await resolve(specifier!, id)
          if (dep && isBarrel(dep)) throughBarrel.set(dep, null)
        }
        for (const dep of info.importedIds) {
          if (!isBarrel(dep)) deps.push(dep)
          else {
            const names = throughBarrel.get(dep)
            deps.push(...(names === undefined || names === null ? [dep] : await behind(dep, names)))
          }
        }
        return deps
      }
      const ids = [...this.getModuleIds()]
      for (const [screen, pattern] of Object.entries(landingScreens)) {
        const root = ids.find((id) => pattern.test(id))
        if (!root) throw new Error(`No module for the landing screen ${screen} (${pattern})`)
        const seen = new Set<string>()
        const stack = [root]
        while (stack.length > 0) {
          const id = stack.pop()!
          if (seen.has(id)) continue
          seen.add(id)
          stack.push(...(await importsOf(id)))
        }
        seen.delete(root)
        for (const id of seen) screensOf.set(id, [...(screensOf.get(id) ?? []), screen])
      }
    },
  }
  const all = Object.keys(landingScreens).length
  /** The chunk of the landing screens a module serves, when two or more; `every` for all of them. */
  const chunkOf = (id: string, every: boolean) => {
    const screens = screensOf.get(id)
    if (!screens || screens.length < 2 || (screens.length === all) !== every) return null
    return `landing-${screens.toSorted().join('-')}`
  }
  // Each group takes its modules alone: their other imports stay where the rest of the build puts them.
  return {
    plugin,
    // What all of them share first (its modules then belong to no other group), then each pair's.
    groups: [
      {
        debugName: 'landing screens, all',
        name: (id) => chunkOf(id, true),
        priority: 2,
        includeDependenciesRecursively: false,
      },
      {
        debugName: 'landing screens, some',
        name: (id) => chunkOf(id, false),
        priority: 1,
        includeDependenciesRecursively: false,
      },
    ],
  }
}
