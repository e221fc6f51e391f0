import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { preact } from '@preact/preset-vite'
import babel from '@rolldown/plugin-babel'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

import { reactOnPreact } from './vite.config.ts'

// Preact, and the packages that depend on React (npm ls react): Mantine, TanStack, Lingui, floating-ui and
// Mantine's own helpers.
const reactLibraries =
  /node_modules\/(preact|@testing-library\/preact|@mantine|@tanstack|@lingui|@floating-ui|react-number-format|react-remove-scroll(-bar)?|react-style-singleton|react-transition-group|use-callback-ref|use-sidecar)\//

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        // Pure code shared by client and server: no DOM.
        resolve: { alias },
        test: { name: 'domain', environment: 'node', include: ['src/domain/**/*.test.ts'] },
      },
      {
        define: { __BUILD_ID__: JSON.stringify('test') },
        resolve: { alias: [{ find: '@', replacement: alias['@'] }, ...reactOnPreact] },
        plugins: [
          preact({ reactAliasesEnabled: false }),
          babel({ presets: [linguiTransformerBabelPreset()] }),
          lingui(),
        ],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**'],
          setupFiles: ['./src/test/setup.ts'],
          // Every library that imports `react` goes through the aliases above instead of Node's resolution
          // (otherwise it would get React itself, next to Preact).
          server: { deps: { inline: [reactLibraries] } },
        },
      },
      {
        // The API server on a real database: PGlite in process, then PostgreSQL when one can be started.
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          globalSetup: ['./server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
