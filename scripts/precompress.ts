// A Vite build plugin: writes .br and .gz beside every text asset of dist/, so that the server sends
// compressed files without compressing on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

/** Writes `file.gz` and `file.br` beside a text file worth compressing. */
export function compressFile(file: string): void {
  if (!COMPRESSIBLE.test(file)) return
  const content = readFileSync(file)
  if (content.length < MIN_BYTES) return
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
}

/** `only`: the files of this build, when it adds to another's dist/ (the back office's: admin.html, admin/). */
export function precompress(outDir = 'dist', only?: (file: string) => boolean): Plugin {
  return {
    name: 'haven:precompress',
    apply: 'build',
    // After vite-plugin-pwa has written sw.js (it also hooks closeBundle): run last.
    enforce: 'post',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files(outDir)) if (!only || only(file)) compressFile(file)
      },
    },
  }
}
