// Lighthouse (mobile, simulated throttling: its default) on pages of the running app, in Debian's Chromium.
// Each run starts from a clean profile (Lighthouse resets storage), so it measures a first visit.
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { chromiumLaunchOptions } from '../tests/chromium.ts'

export interface LighthouseFigures {
  performance: number
  accessibility: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  /**
   * Main-thread time by kind of work (Lighthouse's `mainthread-work-breakdown`: script evaluation, parsing,
   * style and layout, …), in ms on the simulated slower CPU: where the blocking time comes from.
   */
  mainThreadMs: Record<string, number>
  /** The runs the medians are of: a run Lighthouse could not record (its trace lacking) is left out. */
  measuredRuns: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The median of `runs` Lighthouse runs on one URL, metric by metric. */
export async function lighthouseMedian(url: string, runs: number): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: chromiumLaunchOptions.args,
  })
  try {
    const results: LighthouseFigures[] = []
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      const { categories, audits } = result.lhr
      const unmeasured =
        audits['largest-contentful-paint']?.errorMessage ?? audits['total-blocking-time']?.errorMessage
      if (unmeasured) {
        console.warn(`Lighthouse could not measure ${url}, run left out: ${unmeasured}`)
        continue
      }
      results.push({
        measuredRuns: 1,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        seo: Math.round((categories.seo?.score ?? 0) * 100),
        fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        mainThreadMs: Object.fromEntries(
          (
            (
              audits['mainthread-work-breakdown']?.details as {
                items?: { group: string; duration: number }[]
              }
            )?.items ?? []
          ).map(({ group, duration }) => [group, duration]),
        ),
      })
    }
    return {
      measuredRuns: results.length,
      performance: median(results.map((r) => r.performance)),
      accessibility: median(results.map((r) => r.accessibility)),
      seo: median(results.map((r) => r.seo)),
      fcpMs: Math.round(median(results.map((r) => r.fcpMs))),
      lcpMs: Math.round(median(results.map((r) => r.lcpMs))),
      tbtMs: Math.round(median(results.map((r) => r.tbtMs))),
      cls: Number(median(results.map((r) => r.cls)).toFixed(3)),
      mainThreadMs: Object.fromEntries(
        [...new Set(results.flatMap((r) => Object.keys(r.mainThreadMs)))].map((group) => [
          group,
          Math.round(median(results.map((r) => r.mainThreadMs[group] ?? 0))),
        ]),
      ),
    }
  } finally {
    chrome.kill()
  }
}
