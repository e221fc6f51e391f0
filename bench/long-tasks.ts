// The main thread's long tasks while a page loads, on a CPU slowed 4× (no network throttling): what blocks
// a visitor's input, measured by the browser itself rather than simulated. `node --import tsx
// bench/long-tasks.ts URL [--loads 3]` prints, for each first visit (a fresh profile, as a visitor's browser
// makes it: bench/bare-phone.ts), the first paint, every task over 50 ms (start and duration, in ms) and their
// time over 50 ms summed, which is what Lighthouse's blocking time adds up. Everything stays on the URL given
// (127.0.0.1).
import { parseArgs } from 'node:util'

import { evaluate, onBarePhone, openAndSettle } from './bare-phone.ts'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { loads: { type: 'string', default: '3' } },
})
const url = positionals[0]
if (!url) throw new Error('Name the page: bench/long-tasks.ts http://127.0.0.1:8195/search')

// Recorded from the page's start, before any of its own scripts.
const OBSERVE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__longTasks.push([Math.round(task.startTime), Math.round(task.duration)]);
  }).observe({ type: 'longtask', buffered: true });
`

await onBarePhone(Number(args.loads), async (send, load) => {
  await send('Page.enable')
  await send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVE })
  await openAndSettle(send, url)
  // Late work (a transition's last slices, an idle callback) lands within this second.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const { tasks, paint } = await evaluate<{ tasks: [number, number][]; paint: number }>(
    send,
    `({ tasks: window.__longTasks, paint: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN) })`,
  )
  const blocking = tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
  console.log(
    `load ${load}: first paint ${paint} ms; long tasks ${JSON.stringify(tasks)}; over 50 ms: ${blocking} ms`,
  )
})
