// What a renter feels after the page has loaded: the time from a tap to the next paint (Interaction to Next
// Paint, read from the browser's Event Timing entries as the web-vitals library reads them: the longest event
// of each interaction) on a phone with its CPU slowed 4×, for the three things renters do most on a loaded
// page: toggling a search filter, picking a stay on a property's calendar, and opening its photos full screen.
// Part of `npm run bench`; alone, against a running build: `node --import tsx bench/interactions.ts
// http://127.0.0.1:8195 [--runs 5]`. Everything stays on the URL given (127.0.0.1).
import { parseArgs } from 'node:util'

import type { Page } from '@playwright/test'

import { addDays } from '../src/domain/stay.ts'
import { onSlowPhone } from './slow-phone.ts'

export interface InteractionFigures {
  /** Median over the runs of each interaction's longest event, in ms. */
  filterMs: number
  stayMs: number
  galleryMs: number
  runs: number
}

// Recorded from the page's start: every event of 16 ms or more that belongs to an interaction.
const OBSERVE = `
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) window.__events.push({ id: entry.interactionId, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`

/** The longest event of the interactions made by `act`, once their paint is done. */
async function interaction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    ;(window as unknown as { __events: unknown[] }).__events = []
  })
  await act()
  // Event Timing entries are queued after the next paint: two frames later they are all in.
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)))),
  )
  const events = await page.evaluate(
    () => (window as unknown as { __events: Array<{ duration: number }> }).__events,
  )
  return Math.max(0, ...events.map((event) => event.duration))
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b)
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)
}

/** A property with several photos that can be booked for `from`–`to`, from the search. */
async function propertyToPick(base: string, from: string, to: string) {
  const response = await fetch(`${base}/api/properties/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ size: 30, from, to, availability: ['AVAILABLE'] }),
  })
  const { items } = (await response.json()) as { items: Array<{ _id: string }> }
  for (const { _id } of items) {
    const property = (await (await fetch(`${base}/api/property/${_id}/en`)).json()) as {
      _id: string
      images: unknown[]
    }
    if (property.images.length > 2) return property
  }
  throw new Error('no bookable property with photos')
}

export async function measureInteractions(base: string, runs: number): Promise<InteractionFigures> {
  const today = new Date().toISOString().slice(0, 10)
  const from = addDays(today, 30)
  const to = addDays(from, 4)
  const property = await propertyToPick(base, from, to)
  const filter: number[] = []
  const stay: number[] = []
  const gallery: number[] = []
  await onSlowPhone(runs, async (page) => {
    page.setDefaultTimeout(60_000)
    await page.addInitScript(OBSERVE)

    // A filter toggled in the phone's filters panel: the results under it change with the URL.
    await page.goto(`${base}/search?from=${from}&to=${to}`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: /Filters/ }).click()
    const filters = page.getByRole('search', { name: 'Search filters' })
    await filters.getByText('House', { exact: true }).waitFor()
    filter.push(
      await interaction(page, async () => {
        await filters.getByText('House', { exact: true }).click()
        await page.waitForURL(/types=HOUSE/)
      }),
    )

    // A stay picked on the property's calendar: its first and its last day.
    await page.goto(`${base}/property?id=${property._id}`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Choose dates on a calendar' }).first().click()
    const calendar = page.getByRole('dialog', { name: 'Your stay' })
    // Mantine names a day '9 January 2027'.
    const dayName = (iso: string) =>
      new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    // A month's grid shows the next month's first days too, marked outside: those are not picked.
    const day = (iso: string) =>
      calendar
        .getByRole('button', { name: dayName(iso), exact: true })
        .and(calendar.locator(':not([data-outside])'))
    const nextMonth = calendar.getByRole('button', { name: 'Next month' })
    // The calendar opens on this month; the stay is a month ahead.
    while (!(await day(from).isVisible())) await nextMonth.click()
    stay.push(
      await interaction(page, async () => {
        await day(from).click()
        if (!(await day(to).isVisible())) await nextMonth.click()
        await day(to).click()
      }),
    )
    await page.keyboard.press('Escape')

    // The photos opened full screen.
    gallery.push(
      await interaction(page, async () => {
        await page.getByRole('button', { name: /^View photo 1 of \d+ full screen$/ }).click()
        await page.getByRole('dialog', { name: /^Photo 1 of \d+$/ }).waitFor()
      }),
    )
  })
  return { filterMs: median(filter), stayMs: median(stay), galleryMs: median(gallery), runs }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '5' } },
  })
  const base = positionals[0]
  if (!base) throw new Error('Name the running app: bench/interactions.ts http://127.0.0.1:8195')
  const figures = await measureInteractions(base, Number(values.runs))
  console.log(
    `INP on a 4× slowed phone (median of ${figures.runs}): filter ${figures.filterMs} ms, stay ${figures.stayMs} ms, photos ${figures.galleryMs} ms`,
  )
}
