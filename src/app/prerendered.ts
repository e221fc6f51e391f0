// Before a page the server rendered is taken over (src/main.tsx): its screen's code, run a few chunks at a time.
import { yieldToBrowser } from '@/lib/yield-to-browser'

/**
 * Time a slice of evaluation may take before the browser gets its turn: a long task is over 50 ms, and a
 * phone's CPU is four times as slow as the machines the benchmark measures on (which count 10 ms as 40).
 */
const SLICE_MS = 10

/**
 * Runs the code of the screen the server rendered a few chunks at a time, with the browser's turn in
 * between, before the router asks for that screen. Asked for by the router, the screen's chunk and every
 * chunk it imports ran in one task (over 100 ms on a phone's CPU for the home page or a property). The
 * chunks are the page's `modulepreload` links (server/pages/boot.ts writes them), deepest imports first:
 * the links list a chunk before what it imports. A chunk that cannot load is left to the router, which shows
 * its error as it would have.
 */
export async function runScreenChunksInSlices(): Promise<void> {
  const chunks = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')]
    .map((link) => link.href)
    .reverse()
  let sliceStart = performance.now()
  for (const chunk of chunks) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser()
      sliceStart = performance.now()
    }
    try {
      await import(/* @vite-ignore */ chunk)
    } catch {
      return
    }
  }
}
