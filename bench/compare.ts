// Two running builds side by side in Lighthouse (mobile, simulated throttling), runs interleaved so that both
// see the same machine load: `node --import tsx bench/compare.ts --before URL --after URL [--runs 5]
// [--pages /,/search,/property?id=1]`. Start each build's server first (a git worktree of the older commit,
// built and started on another port). Prints every run, then the medians. Everything stays on 127.0.0.1.
import { parseArgs } from 'node:util'

import { type LighthouseFigures, lighthouseMedian } from './lighthouse.ts'

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '/,/search,/property?id=1' },
  },
})
if (!args.before || !args.after) throw new Error('--before and --after name the two servers')
const sides = { before: args.before, after: args.after }
const pages = args.pages.split(',')

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const runs: Record<string, LighthouseFigures[]> = {}
for (let run = 0; run < Number(args.runs); run++) {
  for (const path of pages) {
    for (const [side, base] of Object.entries(sides)) {
      const figures = await lighthouseMedian(`${base}${path}`, 1)
      ;(runs[`${side} ${path}`] ??= []).push(figures)
      console.log(
        `run ${run + 1} ${side} ${path}: performance ${figures.performance}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms`,
      )
    }
  }
}

console.log('\n| page | build | performance | accessibility | SEO | FCP | LCP | TBT | CLS |')
console.log('|---|---|---|---|---|---|---|---|---|')
for (const path of pages) {
  for (const side of Object.keys(sides)) {
    // A run Lighthouse could not measure (its metrics missing, its score then meaningless) is left out.
    const all = runs[`${side} ${path}`]!.filter((figures) => Number.isFinite(figures.lcpMs + figures.tbtMs))
    const of = (pick: (figures: LighthouseFigures) => number) => median(all.map(pick))
    console.log(
      `| ${path} | ${side}${all.length < Number(args.runs) ? ` (${all.length} runs measured)` : ''} | ${of((f) => f.performance)} | ${of((f) => f.accessibility)} | ${of((f) => f.seo)} | ${(of((f) => f.fcpMs) / 1000).toFixed(2)} s | ${(of((f) => f.lcpMs) / 1000).toFixed(2)} s | ${Math.round(of((f) => f.tbtMs))} ms | ${of((f) => f.cls).toFixed(3)} |`,
    )
  }
}
