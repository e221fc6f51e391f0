// A rendered page paints without waiting for the stylesheet: the rules its markup uses are inlined, picked by
// Beasties as the build does for the home page (scripts/build.ts), and the full stylesheet comes as
// `media="print"`, which holds nothing up; the app's entry switches it on (src/main.tsx), <noscript> loads it
// without JavaScript. On a phone's network the stylesheet (16 KB compressed) shared the line with the scripts
// and held the first paint back by about 0.3 s (Lighthouse's render-blocking audit on a search).
//
// Picking costs tens of milliseconds a page, so the rules picked are kept by the page's vocabulary (its
// tags, class names and data attributes): most searches with results, and most properties, share one.
import { createHash } from 'node:crypto'

import Beasties from 'beasties'
import { transform } from 'lightningcss'

/** Vocabularies kept at once: each is a few kilobytes of CSS. */
const KEPT = 50

/** The app's stylesheet, as Vite writes its link into the shell. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/

export type InlineCriticalCss = (html: string) => Promise<string>

/** What a stylesheet's selectors can match in `html`: tags, classes and data attributes. */
export function vocabulary(html: string): string {
  const words = new Set<string>()
  for (const [, tag] of html.matchAll(/<([a-z][a-z0-9-]*)/g)) words.add(tag!)
  for (const [, classes] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of classes!.split(/\s+/)) if (name) words.add(`.${name}`)
  // Values matter (`[data-variant=filled]`); numbers in them (an id, a count) do not.
  for (const [, name, value] of html.matchAll(/\s(data-[a-z-]+)(?:="([^"]*)")?/g))
    words.add(`[${name}=${(value ?? '').replace(/\d+/g, '#')}]`)
  return createHash('sha256')
    .update([...words].sort().join(' '))
    .digest('base64url')
}

/**
 * Rules Beasties would leave out though every page needs them. It looks for a rule's selectors inside the
 * page's root element, so Mantine's colour-scheme variables (`:root[data-mantine-color-scheme=light]`: the
 * body's and the text's colours, a disabled control's) were dropped, and a paper or a disabled button had no
 * background until the full stylesheet came.
 */
export const ALWAYS_CRITICAL = [':root[data-mantine-color-scheme=light]']

/** A custom property's definitions (`--name: value`, in a stylesheet or a style attribute). */
const DEFINITION = /(--[\w-]+)\s*:([^;{}"]*)/g
const REFERENCE = /var\(\s*(--[\w-]+)/g

/**
 * `css` (the rules picked for `page`) without the custom properties nothing on the page reads. Mantine's
 * stylesheet declares its whole palette and scale on the root (353 properties, 17 KB of the home page's 41 KB
 * inlined); a page's first paint reads about sixty. The markup's own styles (the theme's, the style
 * attributes) count as readers, and a property read by one that is kept is kept too. The full stylesheet, which
 * the entry switches on, declares them all again.
 */
export function withoutUnusedProperties(css: string, page: string): string {
  const reads = new Map<string, Set<string>>()
  for (const [, name, value] of page.matchAll(DEFINITION))
    for (const [, read] of value!.matchAll(REFERENCE)) {
      let names = reads.get(name!)
      if (!names) reads.set(name!, (names = new Set()))
      names.add(read!)
    }
  // Read by a property of the page (padding, color…) rather than by another custom property.
  const used = new Set<string>()
  const pending = [...page.replace(DEFINITION, '').matchAll(REFERENCE)].map(([, name]) => name!)
  for (let name = pending.pop(); name; name = pending.pop())
    if (!used.has(name)) {
      used.add(name)
      pending.push(...(reads.get(name) ?? []))
    }
  const unused = [...new Set([...css.matchAll(DEFINITION)].map(([, name]) => name!))].filter(
    (name) => !used.has(name),
  )
  if (unused.length === 0) return css
  return transform({
    filename: 'critical.css',
    code: Buffer.from(css),
    minify: true,
    unusedSymbols: unused,
  }).code.toString()
}

export function createCriticalCss(distDir: string): InlineCriticalCss {
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    // The font's faces are in the page's head already (scripts/font-faces.ts), not in the stylesheet.
    inlineFonts: false,
    // The link stays where it is (Beasties' other modes move it): only the rules picked are taken from here.
    preload: 'media',
    // The markup's own <style> elements (Mantine's theme, the screen's CSS) stay exactly as rendered.
    reduceInlineStyles: false,
    pruneSource: false,
    allowRules: ALWAYS_CRITICAL,
    logLevel: 'silent',
  })
  const kept = new Map<string, string>()

  const pick = async (html: string): Promise<string> => {
    // Beasties inlines the rules just before the stylesheet's link.
    const processed = await beasties.process(html)
    const critical =
      /<style>([\s\S]*?)<\/style>\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/.exec(processed)
    return critical ? withoutUnusedProperties(critical[1]!, processed) : ''
  }

  return async (html) => {
    const link = STYLESHEET.exec(html)?.[0]
    if (!link) return html
    const key = vocabulary(html)
    let css = kept.get(key)
    if (css === undefined) {
      css = await pick(html)
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!)
      kept.set(key, css)
    }
    if (!css) return html
    const deferred = link.replace(/>$/, ' media="print">')
    return html.replace(
      link,
      () => `<style>${css}</style>\n    ${deferred}\n    <noscript>${link}</noscript>`,
    )
  }
}
