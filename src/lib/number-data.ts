import type { Language } from '@/domain/enums'

import { yieldToBrowser } from './yield-to-browser'

/**
 * A page's first number formatter makes the browser load its number data: 60 to 95 ms of one task on a CPU
 * slowed four times (`new Intl.NumberFormat`, measured on Chromium 156; the next ones, of any language or
 * currency, take 1 to 5 ms). Left to the first render that shows a price or a count, it lengthens a task
 * that is already long. Loaded here, in a task of its own, the browser gets its turn before and after.
 */
export async function loadNumberData(locale: Language): Promise<void> {
  await yieldToBrowser()
  new Intl.NumberFormat(locale).format(0)
  await yieldToBrowser()
}
