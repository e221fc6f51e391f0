// The CSS a rendered page's first paint needs, inlined, and the full stylesheet deferred.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { createCriticalCss, vocabulary } from './critical-css.ts'

const FACE = '@font-face{font-family:Figtree;src:url(/assets/figtree-latin.woff2)format("woff2")}'

const STYLESHEET = [
  ':root{--space-md:16px;--space-xl:32px;--radius:var(--radius-md);--radius-md:8px;--shadow-xl:0 0 9px red}',
  ':root[data-mantine-color-scheme=light]{--body:#fff;--link:blue}',
  'body{background:var(--body)}',
  '.card{display:flex}',
  '.card-inner{padding:var(--card-padding)}',
  '.unused{color:red}',
  '.badge[data-variant=filled]{background:teal}',
].join('')

function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'haven-critical-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'index-abc.css'), STYLESHEET)
  return dir
}

const page = (body: string) => `<!doctype html>
<html lang="en">
  <head>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <link rel="preload" href="/assets/figtree-latin.woff2" as="font" type="font/woff2" crossorigin="">
    <style>${FACE}</style>
  </head>
  <body><div id="root">${body}</div></body>
</html>`

describe('createCriticalCss', () => {
  it('inlines the rules the markup uses and defers the stylesheet, the page keeping its font faces', async () => {
    const html = await createCriticalCss(dist())(
      page('<article class="card"><span class="badge" data-variant="filled">New</span></article>'),
    )
    const inlined = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? ''
    expect(inlined).toContain('.card{display:flex}')
    expect(inlined).toContain('.badge[data-variant=filled]')
    expect(inlined).not.toContain('.unused')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css" media="print">')
    // The font's faces come in the shell's head (scripts/font-faces.ts), as they were.
    expect(html).toContain(`<style>${FACE}</style>\n  </head>`)
    expect(inlined).not.toContain('@font-face')
    expect(html).toContain(
      '<noscript><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></noscript>',
    )
    // The Content-Security-Policy allows no inline handler (Beasties' own switch is one).
    expect(html).not.toMatch(/\son[a-z]+=/)
  })

  it('picks again for a page with other markup, not for the same markup with other data', async () => {
    const inline = createCriticalCss(dist())
    const first = await inline(page('<article class="card" data-id="1">One</article>'))
    const same = await inline(page('<article class="card" data-id="2">Two</article>'))
    const other = await inline(page('<span class="badge" data-variant="filled">New</span>'))
    const inlined = (html: string) => /<style>([^<]*)<\/style>/.exec(html)?.[1]
    expect(inlined(same)).toBe(inlined(first))
    expect(inlined(other)).toContain('.badge[data-variant=filled]')
    expect(inlined(other)).not.toContain('.card')
  })

  it('leaves out the custom properties the page does not read, following one property to the next', async () => {
    const html = await createCriticalCss(dist())(
      page(
        // Mantine sets a component's properties in its style attribute, reading the theme's.
        '<article class="card"><div class="card-inner" style="--card-padding:var(--space-md);border-radius:var(--radius)">Hi</div></article>',
      ).replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">'),
    )
    const inlined = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? ''
    expect(inlined).toContain('--space-md:16px')
    expect(inlined).toContain('--radius:var(--radius-md)')
    expect(inlined).toContain('--radius-md:8px')
    expect(inlined).toContain('--body:#fff')
    expect(inlined).not.toContain('--space-xl')
    expect(inlined).not.toContain('--shadow-xl')
    expect(inlined).not.toContain('--link')
    expect(inlined).toContain('.card-inner{padding:var(--card-padding)}')
  })

  it('answers a page without the stylesheet as it is', async () => {
    const html = '<!doctype html><html><head></head><body></body></html>'
    expect(await createCriticalCss(dist())(html)).toBe(html)
  })
})

describe('vocabulary', () => {
  it('ignores numbers in attribute values and follows classes and variants', () => {
    expect(vocabulary('<a class="x" data-id="12">')).toBe(vocabulary('<a class="x" data-id="7">'))
    expect(vocabulary('<a class="x">')).not.toBe(vocabulary('<a class="y">'))
    expect(vocabulary('<a data-variant="filled">')).not.toBe(vocabulary('<a data-variant="light">'))
  })
})
