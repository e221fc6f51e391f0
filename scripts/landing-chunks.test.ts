// The landing screens' chunk groups, over a small module graph as the bundler hands it to the plugin.
import { describe, expect, it } from 'vitest'

import { landingChunks } from './landing-chunks.ts'

/** Modules by id, each with its code; a module's imports are the ids its `from '…'` specifiers name. */
const MODULES: Record<string, string> = {
  '/app/src/home.tsx': `import { Card, Paper } from "ui"; import { money } from "/app/src/money.ts";`,
  '/app/src/search.tsx': `import { Card as C } from "ui"; import { money } from "/app/src/money.ts"; import "/app/src/alone.ts";`,
  '/app/src/property.tsx': `import * as ui from "ui"; import { money } from "/app/src/money.ts";`,
  '/app/src/money.ts': `export const money = 1;`,
  '/app/src/alone.ts': `export const alone = 1;`,
  '/nm/ui/index.mjs': `import { Card } from "./card.mjs";\nimport { Paper } from "./paper.mjs";\nexport { Card, Paper };`,
  '/nm/ui/card.mjs': `export const Card = 1;`,
  '/nm/ui/paper.mjs': `export const Paper = 1;`,
}

/** A library's index (TanStack Query's shape): an alias, and its core's names re-exported whole. */
const KIT: Record<string, string> = {
  '/app/src/home.tsx': `import { Button, Query } from "kit";`,
  '/app/src/search.tsx': `import { Button } from "kit";\nimport { Query as Q } from "kit";`,
  '/app/src/property.tsx': `import kit, { Button } from "kit";`,
  '/nm/kit/index.mjs': `"use client";\n/* the kit */\nimport { Button as B } from "./button.mjs";\nexport * from "core";\nexport { B as Button };`,
  '/nm/kit/button.mjs': `export const Button = 1;`,
  '/nm/core/index.mjs': `export { Query } from "./query.mjs";\nexport { Mutation } from "./mutation.mjs";`,
  '/nm/core/query.mjs': `export const Query = 1;`,
  '/nm/core/mutation.mjs': `export const Mutation = 1;`,
}

const LIBRARIES: Record<string, string> = {
  ui: '/nm/ui/index.mjs',
  kit: '/nm/kit/index.mjs',
  core: '/nm/core/index.mjs',
}

const resolve = (specifier: string, importer: string) =>
  LIBRARIES[specifier] ??
  (specifier.startsWith('./') ? importer.replace(/[^/]+$/, specifier.slice(2)) : specifier)

/** Runs the plugin's `buildEnd` over `modules`, as the bundler would. */
async function groupsAfterBuild(screens: Record<string, RegExp>, modules = MODULES) {
  const { plugin, groups } = landingChunks(screens)
  const context = {
    getModuleIds: () => Object.keys(modules).values(),
    getModuleInfo: (id: string) =>
      id in modules
        ? {
            code: modules[id]!,
            importedIds: [...modules[id]!.matchAll(/from\s*"([^"]+)"|import\s*"([^"]+)"/g)].map(
              ([, from, bare]) => resolve((from ?? bare)!, id),
            ),
          }
        : null,
    resolve: (specifier: string, importer: string) => Promise.resolve({ id: resolve(specifier, importer) }),
  }
  // The plugin's hook is a plain function, called with the part of the bundler's context it reads.
  const buildEnd = plugin.buildEnd as unknown as (this: typeof context, error?: Error) => Promise<void>
  await buildEnd.call(context)
  return (id: string) => groups.map((group) => group.name(id)).find((name) => name !== null) ?? null
}

describe('the landing screens’ chunks', () => {
  it('put what every landing screen uses in one chunk, through a library’s index by the names taken', async () => {
    const chunkOf = await groupsAfterBuild({
      home: /home\.tsx$/,
      search: /search\.tsx$/,
      property: /property\.tsx$/,
    })
    expect(chunkOf('/app/src/money.ts')).toBe('landing-home-property-search')
    // Home and search take Card by name, property the whole index (a namespace import).
    expect(chunkOf('/nm/ui/card.mjs')).toBe('landing-home-property-search')
    // Paper: home by name, property through its namespace; search does not take it.
    expect(chunkOf('/nm/ui/paper.mjs')).toBe('landing-home-property')
  })

  it('leave alone what one landing screen alone uses, the index itself and the screens’ own modules', async () => {
    const chunkOf = await groupsAfterBuild({ home: /home\.tsx$/, search: /search\.tsx$/ })
    expect(chunkOf('/nm/ui/card.mjs')).toBe('landing-home-search')
    expect(chunkOf('/nm/ui/paper.mjs')).toBeNull()
    expect(chunkOf('/app/src/alone.ts')).toBeNull()
    expect(chunkOf('/nm/ui/index.mjs')).toBeNull()
  })

  it('follow an alias, a re-exported index by the names taken, and take an index whole with its default', async () => {
    const twoScreens = await groupsAfterBuild({ home: /home\.tsx$/, search: /search\.tsx$/ }, KIT)
    expect(twoScreens('/nm/kit/button.mjs')).toBe('landing-home-search')
    expect(twoScreens('/nm/core/query.mjs')).toBe('landing-home-search')
    // Mutation comes from the core's index, through the kit's `export *`, but no screen takes it.
    expect(twoScreens('/nm/core/mutation.mjs')).toBeNull()
    // The property imports the kit's default beside Button: the kit is followed whole.
    const threeScreens = await groupsAfterBuild(
      { home: /home\.tsx$/, search: /search\.tsx$/, property: /property\.tsx$/ },
      KIT,
    )
    expect(threeScreens('/nm/core/query.mjs')).toBe('landing-home-property-search')
    expect(threeScreens('/nm/core/mutation.mjs')).toBeNull()
  })

  it('fail the build when a landing screen is not among the modules', async () => {
    await expect(groupsAfterBuild({ home: /home\.tsx$/, gone: /gone\.tsx$/ })).rejects.toThrow(
      'No module for the landing screen gone',
    )
  })
})
