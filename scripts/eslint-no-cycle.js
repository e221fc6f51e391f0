// The project's `no-cycle` lint rule: import-x/no-cycle's search, with type-only imports counted too.
// import-x skips every `import type` (and every import whose names are all types), with no option to count
// them: a cycle made of a lazy `import()` one way and a type import back passed lint, though it tangles the
// two modules all the same. A shared type belongs in the lower module, or in a small module of its own.
// import-x still parses and resolves every module (its settings in eslint.config.js); only the walk is ours.
import { relative } from 'node:path'

import { ModuleInfo } from 'eslint-plugin-import-x/core/module-info'
import { childContext, moduleVisitor, resolve } from 'eslint-plugin-import-x/utils'

// A package never imports the project's files back: no cycle goes through one, and the walk leaves them out
// (counting type imports, it would otherwise wander through every package's type declarations).
const isPackage = (path) => /[\\/]node_modules[\\/]/.test(path)

/** @type {import('eslint').Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only and lazy imports included.' },
    schema: [],
    messages: { cycle: 'Dependency cycle: {{route}} (type-only and lazy imports count).' },
  },
  create(context) {
    const file = context.physicalFilename
    if (file === '<text>') return {}
    // Modules already searched from this file: a cycle through one of them was reported on the import that
    // reached it first, and searching it again would only cost time.
    const searched = new Set()
    const named = (path) => relative(context.cwd, path)
    return moduleVisitor((source, importer) => {
      const target = resolve(source.value, context)
      if (!target || target === file || isPackage(target) || searched.has(target)) return
      searched.add(target)
      const first = ModuleInfo.for(childContext(target, context))
      if (!first) return
      // Breadth first, as import-x does: the shortest way back is the one reported.
      const queue = [{ module: first, route: [first.path] }]
      while (queue.length > 0) {
        const { module, route } = queue.shift()
        for (const [path, imported] of module.getImports()) {
          if (path === file) {
            context.report({
              node: importer,
              messageId: 'cycle',
              data: { route: [file, ...route, file].map(named).join(' > ') },
            })
            return
          }
          if (searched.has(path) || isPackage(path)) continue
          searched.add(path)
          const next = imported.resolve()
          if (next) queue.push({ module: next, route: [...route, path] })
        }
      }
    })
  },
}
