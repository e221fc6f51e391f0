// The long animation frames of a first visit, on a CPU slowed 4× (no network throttling), with what each
// frame spent its time on: the scripts it ran (their file, what called them, for how long) and its style and
// layout. Where bench/long-tasks.ts says how much blocks, this says what. `node --import tsx
// bench/long-frames.ts URL [--loads 3]` prints, for each first visit (a fresh profile: bench/bare-phone.ts),
// the first paint, the frames' blocking time summed, and every frame over 50 ms with its scripts of 5 ms or
// more. Everything stays on the URL given (127.0.0.1).
import { parseArgs } from 'node:util'

import { evaluate, onBarePhone, openAndSettle } from './bare-phone.ts'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { loads: { type: 'string', default: '3' } },
})
const url = positionals[0]
if (!url) throw new Error('Name the page: bench/long-frames.ts http://127.0.0.1:8195/search')

interface Frame {
  start: number
  duration: number
  blocking: number
  styleAndLayout: number
  scripts: { file: string; invoker: string; duration: number }[]
}

// Recorded from the page's start, before any of its own scripts (the Long Animation Frames API).
const OBSERVE = `
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) window.__longFrames.push({
      start: Math.round(frame.startTime),
      duration: Math.round(frame.duration),
      blocking: Math.round(frame.blockingDuration),
      styleAndLayout: frame.styleAndLayoutStart
        ? Math.round(frame.startTime + frame.duration - frame.styleAndLayoutStart)
        : 0,
      scripts: frame.scripts.map((script) => ({
        file: script.sourceURL.split('/').pop() || '(inline)',
        invoker: script.invokerType + ' ' + script.invoker.split('/').pop().slice(0, 50),
        duration: Math.round(script.duration),
      })),
    });
  }).observe({ type: 'long-animation-frame', buffered: true });
`

await onBarePhone(Number(args.loads), async (send, load) => {
  await send('Page.enable')
  await send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVE })
  await openAndSettle(send, url)
  // Late work (a transition's last slices, an idle callback) lands within this second.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const { frames, paint } = await evaluate<{ frames: Frame[]; paint: number }>(
    send,
    `({ frames: window.__longFrames, paint: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN) })`,
  )
  const blocking = frames.reduce((sum, frame) => sum + frame.blocking, 0)
  console.log(`load ${load}: first paint ${paint} ms; blocking ${blocking} ms in ${frames.length} frames`)
  for (const frame of frames.filter(({ duration }) => duration > 50)) {
    console.log(
      `  at ${frame.start} ms: ${frame.duration} ms, blocking ${frame.blocking}, style and layout ${frame.styleAndLayout}`,
    )
    for (const script of frame.scripts.filter(({ duration }) => duration >= 5)) {
      console.log(`    ${script.duration} ms ${script.file} (${script.invoker})`)
    }
  }
})
