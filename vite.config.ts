import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { preact } from '@preact/preset-vite'
import babel from '@rolldown/plugin-babel'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

import { precompress } from './scripts/precompress.ts'
import { manifest } from './src/app/manifest.ts'

// React's API on Preact (src/lib/react-on-preact/): the app, Mantine, TanStack and Lingui import `react`
// and get preact/compat. vitest.config.ts uses the same list, so unit tests render what ships.
export const reactOnPreact = [
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('./src/lib/react-on-preact/react.ts', import.meta.url)),
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  {
    find: /^use-sync-external-store\/shim(\/index\.js|\/with-selector(\.js)?)?$/,
    replacement: fileURLToPath(
      new URL('./src/lib/react-on-preact/use-sync-external-store.ts', import.meta.url),
    ),
  },
]

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`

export default defineConfig({
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...reactOnPreact],
  },
  define: {
    // Busts the persisted query cache when a new build ships (DESIGN.md, Offline design).
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()),
  },
  plugins: [
    precompress(),
    preact({ reactAliasesEnabled: false }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui({ failOnMissing: false, failOnCompileError: true }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      // The glob below already precaches the icons; including them again would list each one twice.
      includeManifestIcons: false,
      injectManifest: {
        // The shell, every route chunk and both locale catalogs; demo images are runtime-cached instead.
        // `mjs`: MapLibre's worker (src/features/catalog/components/map), so the map draws offline too.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webp,woff2,json}'],
        globIgnores: ['**/screenshots/**', 'map/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
  build: {
    target: 'es2023',
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
})
