// A Vite build plugin: Mantine's components take their ids from src/lib/mantine-use-id.ts, which keeps the
// id React gives, instead of @mantine/hooks' own `useId`, which replaces it by a random one once mounted (and
// so renders every input of a page the server sent again, at once, as the app takes the page over).
//
// Only the browser's build: the server's renders never run effects, and it takes Mantine from node_modules as
// it is (the first id is the same either way). The development server's pre-bundled Mantine is left as it is.
import { fileURLToPath } from 'node:url'

import type { Plugin } from 'vite'

/** How @mantine/hooks' index imports its useId (node_modules/@mantine/hooks/esm/index.mjs). */
const MANTINE_USE_ID = './use-id/use-id.mjs'

export function stableMantineIds(): Plugin {
  const replacement = fileURLToPath(new URL('../src/lib/mantine-use-id.ts', import.meta.url))
  let replaced = false
  return {
    name: 'haven:stable-mantine-ids',
    apply: 'build',
    // Before Vite's own resolution, which would otherwise resolve the import first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== MANTINE_USE_ID || !importer || !/[\\/]@mantine[\\/]hooks[\\/]/.test(importer))
        return null
      replaced = true
      return replacement
    },
    buildEnd(error) {
      // A Mantine that imports its useId otherwise would silently keep its own: the build says so instead.
      if (!error && !replaced)
        this.error(`@mantine/hooks no longer imports ${MANTINE_USE_ID}: update this plugin`)
    },
  }
}
