// React's synchronous renders while a page loads, on a CPU slowed 4× (no network throttling): the work React
// cannot cut into slices, so what lengthens a task. `node --import tsx bench/sync-renders.ts URL [--loads 3]
// [--dist dist]` samples the main thread's CPU during each first visit (a fresh context, no service worker)
// and prints the time spent under React's synchronous work loop (`workLoopSync`, which renders a store's
// change, a query's answer or an ordinary update), summed over the loads, and the components and hooks seen
// in it, named through the build's source maps (the built files in --dist must be the ones the URL serves).
// Everything stays on the URL given (127.0.0.1).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'

import { onSlowPhone } from './slow-phone.ts'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { loads: { type: 'string', default: '3' }, dist: { type: 'string', default: 'dist' } },
})
const url = positionals[0]
if (!url) throw new Error('Name the page: bench/sync-renders.ts http://127.0.0.1:8195/search')

const LOOP = 'workLoopSync'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}

const maps = new Map<string, TraceMap>()
function mapOf(scriptUrl: string): TraceMap {
  const file = new URL(scriptUrl).pathname
  let map = maps.get(file)
  if (!map) {
    map = new TraceMap(readFileSync(join(args.dist, `${file}.map`), 'utf8'))
    maps.set(file, map)
  }
  return map
}

/** `name@where`: the original name and its package or app file, for the app's own scripts. */
function nameOf({ callFrame }: ProfileNode): string {
  if (!callFrame.url.includes('/assets/')) return callFrame.functionName
  const position = originalPositionFor(mapOf(callFrame.url), {
    line: callFrame.lineNumber + 1,
    column: callFrame.columnNumber,
  })
  const source = String(position.source)
  const where = source.includes('/src/')
    ? source.replace(/^.*\/src\//, '')
    : source.replace(/^.*node_modules\//, '').replace(/^((@[^/]+\/)?[^/]+).*/, '$1')
  return `${position.name ?? callFrame.functionName}@${where}`
}

const byName = new Map<string, number>()
let total = 0
await onSlowPhone(Number(args.loads), async (page, cdp, load) => {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  await page.goto(url, { waitUntil: 'networkidle' })
  // Late work (a transition's last slices, a read's answer) lands within this second.
  await page.waitForTimeout(1000)
  const { profile } = await cdp.send('Profiler.stop')
  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of nodes.values()) for (const child of node.children ?? []) parent.set(child, node.id)
  const names = new Map<number, string>()
  const name = (id: number) => {
    let known = names.get(id)
    if (known === undefined) {
      known = nameOf(nodes.get(id)!)
      names.set(id, known)
    }
    return known
  }
  let loadTotal = 0
  profile.samples!.forEach((id, index) => {
    const microseconds = profile.timeDeltas![index + 1] ?? 0
    const stack: string[] = []
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(name(at))
    const loop = stack.findIndex((frame) => frame.startsWith(`${LOOP}@`))
    if (loop < 0) return
    loadTotal += microseconds
    // The components (capitalised) and hooks between the sample and the loop, each counted once.
    for (const frame of new Set(stack.slice(0, loop)))
      if (/^([A-Z][A-Za-z]*|use[A-Z][A-Za-z]*)@/.test(frame))
        byName.set(frame, (byName.get(frame) ?? 0) + microseconds)
  })
  console.log(`load ${load}: ${(loadTotal / 1000).toFixed(0)} ms in ${LOOP}`)
  total += loadTotal
})
console.log(`${args.loads} loads: ${(total / 1000).toFixed(0)} ms in ${LOOP}; seen in it (ms, inclusive):`)
for (const [frame, microseconds] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${(microseconds / 1000).toFixed(1).padStart(7)}  ${frame}`)
