import type { Language } from '@/domain/enums'

import { yieldToBrowser } from './yield-to-browser'

/**
 * A page's first number formatter makes the browser load its number data: 60 to 95 ms of one task on a CPU
 * slowed four times (`new Intl.NumberFormat`, measured on Chromium 156; the next ones, of any language or
 * currency, take 1 to 5 ms). Left to the first render that shows a price or a count, it lengthens a task
 * that is already long. Loaded here, in tasks of their own, the browser gets its turn before, between and
 * after: first the locale's own data (its likely script and region, 17 to 25 ms of that), which the
 * formatter then finds loaded, then the formatter's (docs/performance.md).
 */
export async function loadNumberData(locale: Language): Promise<void> {
  await yieldToBrowser()
  new Intl.Locale(locale).maximize()
  await yieldToBrowser()
  new Intl.NumberFormat(locale).format(0)
  await yieldToBrowser()
}
