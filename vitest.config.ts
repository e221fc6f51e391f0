import { fileURLToPath } from 'node:url'

import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

import { featureDeclarations } from './scripts/feature-declarations.ts'

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        // Pure code shared by client and server, and the service workers' pure parts: no DOM.
        resolve: { alias },
        test: {
          name: 'domain',
          environment: 'node',
          include: ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', 'sw/**/*.test.ts'],
        },
      },
      {
        define: { __BUILD_ID__: JSON.stringify('test') },
        resolve: { alias },
        // The declarations as the build gives them to the client.
        plugins: [
          featureDeclarations(),
          react(),
          babel({ presets: [linguiTransformerBabelPreset()] }),
          lingui(),
        ],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**', 'src/contract/**'],
          setupFiles: ['./src/test/setup.ts'],
          // Route-level tests render the whole app in jsdom (1 to 3 s each on two busy cores); 5 s left
          // too little room when the server suite shares the machine.
          testTimeout: 20_000,
        },
      },
      {
        // Checks of the project's own tooling (the lint rules, the build's plugins), in Node. The first lint
        // loads ESLint's plugins and the TypeScript resolver: seconds on a busy machine.
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tests/lint/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
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
          // One process for every file: a file in a process of its own loaded the app's modules and compiled
          // PGlite's WebAssembly again, about 4.7 s of CPU per file. Each file still builds its own app on its
          // own databases, and the test helpers' counters start again with each file (setup.ts).
          isolate: false,
          setupFiles: ['./server/test/setup.ts'],
        },
      },
      {
        // Several real server processes on one PostgreSQL behind HAProxy (tests/scale/cluster.ts). Its own step
        // of `npm test` (`npm run test:scale`), never beside the server suite: it starts processes of its own.
        resolve: { alias },
        test: {
          name: 'scale',
          environment: 'node',
          include: ['tests/scale/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
