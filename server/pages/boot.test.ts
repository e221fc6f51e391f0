// A rendered page's code, asked for by the inline boot script once the page is drawn.
import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { BOOT_SCRIPT, BOOT_SCRIPT_SOURCE, bootAfterPaint } from './boot.ts'

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shell-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <link rel="modulepreload" crossorigin href="/assets/search-page-123.js" />
  </head>
  <body><div id="root"><img src="/images/a.webp" fetchPriority="high"></div></body>
</html>`

describe('bootAfterPaint', () => {
  it('takes the entry and its preloads out of the head and hands them to the boot script', () => {
    const html = bootAfterPaint(PAGE)
    expect(html).not.toContain('type="module"')
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">')
    const boot = /<script data-entry="([^"]*)" data-preload="([^"]*)">([^<]*)<\/script>\s*<\/body>/.exec(html)
    expect(boot?.slice(1)).toEqual([
      '/assets/index-abc.js',
      '/assets/shell-def.js /assets/search-page-123.js',
      BOOT_SCRIPT,
    ])
  })

  it('leaves a page without an entry script as it is', () => {
    const page = '<!doctype html><html><head></head><body></body></html>'
    expect(bootAfterPaint(page)).toBe(page)
  })

  it('is allowed by its hash, the one inline script the policy allows', () => {
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64')
    expect(BOOT_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`)
  })
})
