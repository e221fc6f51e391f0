// `npm run build`: the app as the server ships it.
// 1. Vite builds the client into dist/ (with the service worker and compressed copies).
// 2. Vite builds the server-side entry (src/app/prerender.tsx) into .tmp/prerender/.
// 3. The public pages' titles and descriptions, in each language, go to dist/page-heads.json: the server
//    answers those pages with them (server/pages/routes.ts).
// 4. The server-side entry, Vite's manifest and the screens the features declare rendered go to dist/ssr/:
//    the server renders those pages with them for each request (server/pages/render.ts), home included.
// 5. The back office (`--mode back-office`, vite.config.ts) into dist/admin.html and dist/admin/assets/, after
//    the renter's build: its service worker's precache and its manifest hold nothing of it.
// 6. The back office's own service worker (sw/back-office-sw.ts: its pushes and their buttons) into
//    dist/admin/sw.js, a classic script as the renter's is.
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'vite'

import {
  type BuildManifest,
  RENDERED_SCREENS_FILE,
  type RenderedScreens,
  screenKeys,
  type ScreenModule,
} from '../server/pages/render.ts'
import type { PageHead } from '../src/app/prerender.tsx'
import { LANGUAGES, type Language } from '../src/domain/enums.ts'
import { catalogNamesOf, type DeclaredScreen, screensOf } from '../src/features/declarations.ts'
import { compressFile } from './precompress.ts'

const root = new URL('..', import.meta.url).pathname
// DIST_DIR as the server reads it (vite.config.ts builds there too); dist/ by default.
const dist = resolve(root, process.env.DIST_DIR ?? 'dist')
const serverOut = join(root, '.tmp', 'prerender')

// The renter's screens and catalogs: the back office is built apart (step 6).
const SCREENS = screensOf('frontend')
const CATALOG_NAMES = catalogNamesOf('frontend')

// Both builds must agree on the build's identity (it keys the persisted cache).
process.env.BUILD_ID ??= new Date().toISOString()

// The manifest says which chunks and stylesheets each screen needs: the server links them in the pages it
// renders (server/pages/render.ts).
await build({ root, build: { manifest: true } })
await build({
  root,
  logLevel: 'warn',
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir: serverOut,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
})

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest
// Every screen the features declare, as the server and the home page's preloads name it: its module and the
// catalogs it loads (the root's `l` is a parameter every rendered screen reads).
const screenModule = (screen: DeclaredScreen): ScreenModule => ({
  module: screen.modulePath,
  catalogs: screen.catalogs,
  ...(screen.rendered ? { reads: ['l', ...screen.rendered.reads] } : {}),
})
// A screen is found in the manifest by its module (its styles, its code), and its messages by their catalogs'
// files: a declaration naming a module or a catalog that is not there fails the build, not a page.
for (const screen of SCREENS)
  for (const language of LANGUAGES)
    for (const key of screenKeys(screenModule(screen), language))
      if (!manifest[key])
        throw new Error(`The manifest must name what the screen of ${screen.path} needs: ${key}`)
for (const name of CATALOG_NAMES)
  for (const language of LANGUAGES)
    if (!manifest[`src/locales/${language}/${name}.po`])
      throw new Error(`The manifest must hold the catalog ${name} (${language})`)
if (!SCREENS.some((screen) => screen.path === '/' && screen.rendered))
  throw new Error('The home page must be declared rendered (src/features/home/feature.ts)')
const renderedScreens: RenderedScreens = Object.fromEntries(
  SCREENS.filter((screen) => screen.rendered).map((screen) => [screen.path, screenModule(screen)]),
)

const { publicPageHeads } = (await import(pathToFileURL(join(serverOut, 'prerender.js')).href)) as {
  publicPageHeads: (language: Language) => Promise<Record<string, PageHead>>
}

// The public pages' titles and descriptions in each language, for the server to answer them with
// (server/pages/routes.ts). One language at a time: the messages are Lingui's one active catalog.
const heads: Partial<Record<Language, Record<string, PageHead>>> = {}
for (const language of LANGUAGES) heads[language] = await publicPageHeads(language)
writeFileSync(join(dist, 'page-heads.json'), `${JSON.stringify(heads, null, 2)}\n`)
console.log(`page heads: ${Object.keys(heads.en ?? {}).length} pages in ${LANGUAGES.length} languages`)

// The server bundle, the manifest and the rendered screens, for the server to render their pages with
// (server/pages/render.ts).
const ssrDir = join(dist, 'ssr')
rmSync(ssrDir, { recursive: true, force: true })
cpSync(serverOut, ssrDir, { recursive: true })
renameSync(join(dist, '.vite', 'manifest.json'), join(ssrDir, 'manifest.json'))
writeFileSync(join(ssrDir, RENDERED_SCREENS_FILE), `${JSON.stringify(renderedScreens, null, 2)}\n`)
rmSync(join(dist, '.vite'), { recursive: true, force: true })

// The back office, last: the renter's build empties dist/ and writes its worker's precache list first.
await build({ root, mode: 'back-office', logLevel: 'warn' })
console.log('back office: dist/admin.html')

// None of the app's plugins: the worker is one small script of its own.
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  publicDir: false,
  build: {
    outDir: join(dist, 'admin'),
    emptyOutDir: false,
    target: 'es2023',
    sourcemap: 'hidden',
    lib: {
      entry: 'sw/back-office-sw.ts',
      formats: ['iife'],
      name: 'havenBackOfficeWorker',
      fileName: () => 'sw.js',
    },
  },
})
compressFile(join(dist, 'admin', 'sw.js'))
console.log('back office: dist/admin/sw.js')
