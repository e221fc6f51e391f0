// A Vite build plugin: the chunks the entry imports as it starts (src/main.tsx) are preloaded with it.
//
// A module the entry imports dynamically gets a chunk of its own, evaluated in a task of its own; the entry
// imports React DOM's client that way, so that its evaluation is not part of the entry's one long task. Vite
// preloads only what an entry imports statically: without a link of its own, such a chunk would be asked
// for only once the entry has run, a round trip later. The page's boot script asks for every preload in the
// page with the entry (server/pages/boot.ts), this one among the first.
import type { Plugin } from 'vite'

export function preloadStartChunks(modules: RegExp): Plugin {
  return {
    name: 'haven:preload-start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (chunk) =>
            chunk.type === 'chunk' &&
            chunk.isDynamicEntry &&
            chunk.facadeModuleId !== null &&
            modules.test(chunk.facadeModuleId),
        )
        if (chunks.length === 0) throw new Error(`No chunk of its own for a module matching ${modules}`)
        return chunks.map((chunk) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` },
          injectTo: 'head',
        }))
      },
    },
  }
}
