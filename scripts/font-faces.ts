// A Vite build plugin: the interface font's faces are in the page itself, not in the stylesheet.
//
// - The font is asked for as early as the HTML is read, not once the stylesheet that names it has arrived
//   and been parsed (one round trip less before text paints in its own face).
// - Every @font-face rule of the built stylesheets moves into a <style> in the page's head. A rendered page
//   paints from its inlined CSS and switches its full stylesheet on once the app starts (src/main.tsx): a
//   stylesheet that brought faces of its own made the browser lay the whole page out again for "fonts
//   changed" (about 100 ms of one task on a phone's CPU), though nothing on screen changed.
import type { Plugin } from 'vite'

const FACE = /@font-face\{[^}]*\}/g

export function fontFacesInHtml(preload: RegExp): Plugin {
  return {
    name: 'haven:font-faces-in-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle ?? {}
        const file = Object.keys(bundle).find((path) => preload.test(path) && path.endsWith('.woff2'))
        if (!file) throw new Error(`No font matching ${preload} in the build`)
        // Here, the one hook that sees both the built stylesheets and the page: the faces leave the one for
        // the other before either is written.
        const faces: string[] = []
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source)
          const found = css.match(FACE)
          if (!found) continue
          faces.push(...found)
          asset.source = css.replace(FACE, '')
        }
        if (!faces.some((face) => face.includes(file))) throw new Error(`No @font-face uses ${file}`)
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
          { tag: 'style', children: faces.join(''), injectTo: 'head' },
        ]
      },
    },
  }
}
