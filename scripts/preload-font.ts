// A Vite build plugin: asks for the interface font as early as the HTML is read, not once the stylesheet
// that names it has arrived and been parsed (one round trip less before text paints in its own face).
import type { Plugin } from 'vite'

export function preloadFont(name: RegExp): Plugin {
  return {
    name: 'haven:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find(
          (path) => name.test(path) && path.endsWith('.woff2'),
        )
        if (!file) throw new Error(`No font matching ${name} in the build`)
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}
