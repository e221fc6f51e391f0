import { fileURLToPath } from 'node:url'

import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

import { featureDeclarations, landingScreens } from './scripts/feature-declarations.ts'
import { fontFacesInHtml } from './scripts/font-faces.ts'
import { landingChunks } from './scripts/landing-chunks.ts'
import { mantineStyles } from './scripts/mantine-styles.ts'
import { precompress } from './scripts/precompress.ts'
import { manifest } from './src/app/manifest.ts'
import { catalogNamesOf, featuresOf } from './src/features/declarations.ts'

// Where the client is built, as the server reads it (DIST_DIR): tests build a second version beside dist/.
const outDir = process.env.DIST_DIR ?? 'dist'
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`
// The screens a visitor arrives on from a search engine or a shared link (their features declare them
// `landing`), whose first load is budgeted (tests/e2e/budget.spec.ts): what they share comes in few chunks
// (scripts/landing-chunks.ts).
const landing = landingChunks(landingScreens())
// The back office (docs/architecture.md, The back office): a build of its own (`--mode back-office`, after
// the renter's: scripts/build.ts) from admin.html into dist/admin.html and dist/admin/assets/, so that none of
// its code, catalogs or styles is in a renter's chunks, stylesheet or service worker's precache.
const BACK_OFFICE_MODE = 'back-office'
const backOfficeCatalogs = catalogNamesOf('backend').filter(
  (name) => !catalogNamesOf('frontend').includes(name),
)
const backOfficeFolders = [
  'src/back-office',
  ...featuresOf('backend').map((feature) => `src/features/${feature.name}`),
]

export default defineConfig(({ isSsrBuild, mode }) => {
  const backOffice = mode === BACK_OFFICE_MODE
  return {
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    define: {
      // Busts the persisted query cache when a new build ships (docs/architecture.md, Offline design).
      __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()),
    },
    plugins: [
      featureDeclarations(),
      mantineStyles(backOffice ? undefined : backOfficeFolders),
      // The server-side build only renders the home page's HTML (scripts/build.ts): nothing to compress.
      isSsrBuild
        ? null
        : precompress(outDir, backOffice ? (file) => /[\\/]admin(\.html|[\\/])/.test(file) : undefined),
      fontFacesInHtml(/figtree-latin-wght-normal/),
      isSsrBuild || backOffice ? null : landing.plugin,
      react(),
      babel({ presets: [linguiTransformerBabelPreset()] }),
      lingui({ failOnMissing: false, failOnCompileError: true }),
      backOffice
        ? null
        : VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'sw.ts',
            registerType: 'prompt',
            injectRegister: false,
            manifest,
            // The glob below already precaches the icons; including them again would list each one twice.
            includeManifestIcons: false,
            injectManifest: {
              // A classic script, as the app registers it (src/offline/service-worker-registration.ts): no module
              // syntax to support, and the plugin's ES build passes Rolldown an option it has deprecated.
              rollupFormat: 'iife',
              // The shell, every route chunk and every catalog in both languages; demo images are runtime-cached instead.
              // `mjs`: MapLibre's worker (src/entities/map), so the map draws offline too.
              globPatterns: ['**/*.{js,mjs,css,html,svg,png,webp,woff2,json}'],
              // The back office's page, its build and its catalogs' chunks, which the renter's build makes too (every
              // catalog is one chunk of src/i18n/catalogs.ts's import): a renter's precache holds none of them.
              globIgnores: [
                '**/screenshots/**',
                'map/**',
                'admin.html',
                'admin/**',
                ...backOfficeCatalogs.map((name) => `assets/${name}-*.js`),
              ],
            },
            devOptions: { enabled: false },
          }),
    ],
    server: {
      proxy: { '/api': apiTarget, '/images': apiTarget },
    },
    build: {
      outDir,
      ...(backOffice ? { emptyOutDir: false, copyPublicDir: false, assetsDir: 'admin/assets' } : {}),
      target: 'es2023',
      // MapLibre's chunk (about 1 MB minified) is the one above Vite's 500 KB warning: it loads only when a map
      // comes into view, never with a first visit (tests/e2e/budget.spec.ts checks both that and its size).
      chunkSizeWarningLimit: 1100,
      // Maps for our own tools (bench, size breakdowns), never announced to browsers nor served (server/static.ts).
      sourcemap: 'hidden',
      reportCompressedSize: false,
      rolldownOptions: {
        ...(backOffice ? { input: 'admin.html' } : {}),
        // The API's route keys (src/contract/routes.ts) are written into each call, not kept as exports of a
        // module that the shell would then carry whole.
        optimization: { inlineConst: { mode: 'all', pass: 1 } },
        output: {
          codeSplitting: {
            // What the entry imports, then what the landing screens share (scripts/landing-chunks.ts).
            groups: [
              { name: 'shell', tags: ['$initial'], priority: 3 },
              ...(isSsrBuild || backOffice ? [] : landing.groups),
            ],
          },
        },
      },
    },
  }
})
