// `npm run build`: the app as the server ships it.
// 1. Vite builds the client into dist/ (with the service worker and compressed copies).
// 2. Vite builds the server-side entry (src/app/prerender.tsx) into .tmp/prerender/.
// 3. The home page is rendered in each language into dist/home.{en,fr}.html: the shell's HTML with the
//    page's markup inside #root, the CSS that markup needs inlined, and the full stylesheet moved out of
//    the way of the first paint. The server sends one of them for `/` (server/static.ts).
// 4. The other public pages' titles and descriptions, in each language, go to dist/page-heads.json: the
//    server answers those pages with them (server/pages/routes.ts).
// 5. The server-side entry, Vite's manifest and the screens the features declare rendered go to dist/ssr/:
//    the server renders those pages with them for each request (server/pages/render.ts).
// 6. The back office (`--mode back-office`, vite.config.ts) into dist/admin.html and dist/admin/assets/, after
//    the renter's build: its service worker's precache and its manifest hold nothing of it.
// 7. The back office's own service worker (sw/back-office-sw.ts: its pushes and their buttons) into
//    dist/admin/sw.js, a classic script as the renter's is.
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import Beasties from 'beasties'
import { build } from 'vite'

import { bootAfterPaint } from '../server/pages/boot.ts'
import { ALWAYS_CRITICAL, withoutUnusedProperties } from '../server/pages/critical-css.ts'
import {
  assetsBeyondEntry,
  type BuildManifest,
  modulePreload,
  RENDERED_SCREENS_FILE,
  type RenderedScreens,
  screenKeys,
  type ScreenModule,
} from '../server/pages/render.ts'
import type { PageHead, PrerenderedPage } from '../src/app/prerender.tsx'
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
const prerendered = SCREENS.filter((screen) => screen.prerendered)
if (prerendered.length !== 1 || prerendered[0]!.path !== '/')
  throw new Error('The home page, and it alone, must be declared prerendered (src/features/*/feature.ts)')
const HOME_SCREEN = screenModule(prerendered[0]!)
const renderedScreens: RenderedScreens = Object.fromEntries(
  SCREENS.filter((screen) => screen.rendered).map((screen) => [screen.path, screenModule(screen)]),
)

const { renderHome, publicPageHeads } = (await import(
  pathToFileURL(join(serverOut, 'prerender.js')).href
)) as {
  renderHome: (language: Language) => Promise<PrerenderedPage>
  publicPageHeads: (language: Language) => Promise<Record<string, PageHead>>
}
const shell = readFileSync(join(dist, 'index.html'), 'utf8')
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)"/.exec(shell)?.[1]
if (!stylesheet) throw new Error('index.html must link its stylesheet')
const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  // The home screen's own styles (CSS modules) come with its chunk, after the scripts run: every other built
  // stylesheet is read too (not the linked one again: its rules were inlined twice), and the rules that
  // match the page's markup are inlined.
  additionalStylesheets: readdirSync(join(dist, 'assets'))
    .map((file) => `assets/${file}`)
    .filter((file) => file.endsWith('.css') && file !== stylesheet)
    .map((file) => `/${file}`),
  // The font's faces are in the page's head already (scripts/font-faces.ts), not in the stylesheet.
  inlineFonts: false,
  // The full stylesheet stays where it was (its rules must come before the theme's, which React writes into
  // the page) but as `media="print"`, which does not hold up the first paint; the app's entry switches it
  // on (main.tsx). Beasties' own switch is an inline `onload` handler, which the Content-Security-Policy
  // forbids: it is taken out below. Without JavaScript, <noscript> loads it.
  preload: 'media',
  noscriptFallback: true,
  // Mantine's theme <style> is part of the markup React hydrates: it must stay exactly as rendered.
  reduceInlineStyles: false,
  pruneSource: false,
  allowRules: ALWAYS_CRITICAL,
  logLevel: 'warn',
})

/** Replaces exactly one occurrence, so a changed index.html fails the build instead of a page. */
function replaceOnce(html: string, search: string, replacement: string): string {
  const at = html.indexOf(search)
  if (at < 0 || html.indexOf(search, at + 1) >= 0) throw new Error(`index.html must hold "${search}" once`)
  return html.slice(0, at) + replacement + html.slice(at + search.length)
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

for (const language of LANGUAGES) {
  const page = await renderHome(language)
  let html = replaceOnce(shell, '<html lang="en"', `<html lang="${language}"`)
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${language}">${page.html}</div>`,
  )
  // The shell's notice names both languages; this page knows its own.
  html = html.replace(
    /(<noscript>\s*<p[^>]*>)[^<]*(<\/p>)/,
    (_match, start: string, end: string) => `${start}${escapeHtml(page.noScript)}${end}`,
  )
  html = html.replace(
    /(<meta\s+name="description"\s+content=")[^"]*(")/,
    (_match, start: string, end: string) => `${start}${escapeAttribute(page.description)}${end}`,
  )
  html = (await beasties.process(html))
    .replace(' data-beasties-container', '')
    .replaceAll(` onload="this.media='all'"`, '')
  // The rules picked go after the full stylesheet's link, where the home screen's own stylesheet goes once its
  // chunk loads: before it, its rules lost to the full stylesheet's of the same weight once that was switched
  // on, and the title shrank from 52 to 40 px for a moment on every load (and the search form moved up).
  // Of the custom properties, only those the page reads are kept (withoutUnusedProperties).
  const picked =
    /<style>((?:(?!<\/?style)[^])*)<\/style>(<link rel="stylesheet"[^>]*media="print"><noscript>[^<]*<link[^>]*><\/noscript>)/
  if (!picked.test(html)) throw new Error('Beasties must inline the rules picked just before the stylesheet')
  const markup = html
  html = html.replace(
    picked,
    (_match, css: string, link: string) => `${link}<style>${withoutUnusedProperties(css, markup)}</style>`,
  )
  if (/\son[a-z]+=/.test(html)) throw new Error('The prerendered page must hold no inline event handler')
  // The home screen's chunks and its messages, asked for with the entry rather than once the router wants
  // them, as a rendered catalog page's are (server/pages/render.ts); the app runs them a few at a time.
  const preloads = screenKeys(HOME_SCREEN, language).flatMap(
    (key) => assetsBeyondEntry(manifest, key).scripts,
  )
  html = replaceOnce(
    html,
    '</head>',
    `${[...new Set(preloads)].map(modulePreload).join('\n    ')}\n  </head>`,
  )
  // Its code is asked for once it is drawn, as a rendered catalog page's is.
  html = bootAfterPaint(html)
  const file = join(dist, `home.${language}.html`)
  writeFileSync(file, html)
  compressFile(file)
  console.log(`prerendered / (${language}): ${(html.length / 1024).toFixed(1)} KB`)
}

// The other public pages' titles and descriptions in each language, for the server to answer them with
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
