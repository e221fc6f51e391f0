// The public screens rendered by the server for each request: home, a search, a property, the agencies and the
// destinations paint from the HTML, with their data, before any script runs, and are readable by search
// engines and link previews. The same code as the browser's: the build's server bundle of the app
// (src/app/prerender.tsx, copied into dist/ssr/), whose route loaders read the API in process here
// (app.inject) as they read it over HTTP in the browser. The browser takes the HTML over (src/main.tsx) from
// the router's hydration scripts written into the page, without reading the data again.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import type { FastifyInstance } from 'fastify'

import type { Language } from '../../src/domain/enums.ts'

/**
 * A screen's module and the catalogs of messages it loads (its own first, as its feature declares them): what a
 * page the server sends preloads, so that the browser need not wait for the screen's code to ask for them.
 */
export interface ScreenModule {
  module: string
  catalogs: readonly string[]
  /**
   * The query parameters the screen reads (its route's validateSearch, and the root's `l`): the server keeps
   * one rendered page per set of their values, whatever else the address carries.
   */
  reads?: readonly string[]
}

/**
 * The screens the server renders, by path: those their features declare `rendered` (feature.ts),
 * which visitors arrive on from outside; the build writes them into dist/ssr/ (scripts/build.ts), as this code
 * may not import the features. Every other path is answered with the shell (and its head), and the browser
 * renders it.
 */
export type RenderedScreens = Readonly<Record<string, ScreenModule>>

/** The rendered screens' file in dist/ssr/. */
export const RENDERED_SCREENS_FILE = 'screens.json'

/** The manifest's keys of what `screen` needs in `language`: its module, then its catalogs' chunks. */
export const screenKeys = ({ module, catalogs }: ScreenModule, language: Language): string[] => [
  module,
  ...catalogs.map((name) => `src/locales/${language}/${name}.po`),
]

/** The server bundle's entry, as scripts/build.ts copies it. */
export const SSR_DIR = 'ssr'

interface ServerBundle {
  /** What goes inside `#root`: the screen's markup and the router's hydration scripts. */
  renderPage(url: string, language: Language): Promise<string | null>
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void
}

/** Vite's build manifest: each source module's chunk, the chunks it imports and its stylesheets. */
export type BuildManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>

/** The chunk of `key` and every chunk it imports, each once (a chunk before what it imports), with their stylesheets. */
function collect(manifest: BuildManifest, key: string, scripts: Set<string>, styles: Set<string>): void {
  const chunk = manifest[key]
  if (!chunk || scripts.has(chunk.file)) return
  scripts.add(chunk.file)
  for (const css of chunk.css ?? []) styles.add(css)
  for (const imported of chunk.imports ?? []) collect(manifest, imported, scripts, styles)
}

/**
 * What the module `key` (a screen, a catalog) needs beyond what the app's entry brings: its chunks, a chunk
 * before what it imports, and their stylesheets.
 */
export function assetsBeyondEntry(
  manifest: BuildManifest,
  key: string,
): { scripts: string[]; styles: string[] } {
  const shellScripts = new Set<string>()
  const shellStyles = new Set<string>()
  for (const [entry, chunk] of Object.entries(manifest))
    if (chunk.isEntry) collect(manifest, entry, shellScripts, shellStyles)
  const scripts = new Set<string>()
  const styles = new Set<string>()
  collect(manifest, key, scripts, styles)
  return {
    scripts: [...scripts].filter((file) => !shellScripts.has(file)),
    styles: [...styles].filter((file) => !shellStyles.has(file)),
  }
}

/** A `modulepreload` link, as Vite writes them. */
export const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}" />`

export interface PageRenderer {
  /** The screens it renders, by path. */
  screens: RenderedScreens
  /** The screen at `url` in `language`, or null when the browser is to render it (server/pages/routes.ts). */
  render(url: string, language: Language): Promise<string | null>
  /**
   * The head tags that bring `screen`'s styles (inlined) and code (preloaded) at once, instead of after the
   * app's entry runs.
   */
  assetsOf(screen: string): string
}

/**
 * The renderer of the build in `distDir`, or null when the build has none (an older build, a dist/ moved away
 * from its node_modules): the pages are then answered with the shell, and the browser renders them.
 */
export async function loadPageRenderer(app: FastifyInstance, distDir: string): Promise<PageRenderer | null> {
  const entry = join(distDir, SSR_DIR, 'prerender.js')
  const manifestFile = join(distDir, SSR_DIR, 'manifest.json')
  const screensFile = join(distDir, SSR_DIR, RENDERED_SCREENS_FILE)
  if (![entry, manifestFile, screensFile].every((file) => existsSync(file))) return null
  let bundle: ServerBundle
  try {
    bundle = (await import(pathToFileURL(entry).href)) as ServerBundle
  } catch (error) {
    app.log.warn({ err: error }, 'pages are rendered by the browser: the server bundle did not load')
    return null
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest
  const screens = JSON.parse(readFileSync(screensFile, 'utf8')) as RenderedScreens
  bundle.setApiTransport(async (path, init) => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: init.headers as Record<string, string>,
      payload: typeof init.body === 'string' ? init.body : undefined,
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers))
      if (typeof value === 'string') headers.set(name, value)
    const empty = answer.statusCode === 204 || answer.statusCode === 304
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers })
  })

  const assets = new Map<string, string>()
  return {
    screens,
    render: (url, language) => bundle.renderPage(url, language),
    assetsOf(screen) {
      let tags = assets.get(screen)
      if (tags === undefined) {
        const { scripts, styles } = assetsBeyondEntry(manifest, screen)
        tags = [
          // Inlined: a few kilobytes each, which would otherwise hold the first paint for a round trip apiece.
          ...styles.map(
            (file) => `<style>${readFileSync(join(distDir, file), 'utf8').replaceAll('</', '<\\/')}</style>`,
          ),
          ...scripts.map(modulePreload),
        ].join('\n    ')
        assets.set(screen, tags)
      }
      return tags
    },
  }
}
