// The time left to answer a pending request before it lapses (docs/product.md §12, Requests with a deadline).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const HOUR = 60 * 60 * 1000

/** `answerBy` against `now`: days and hours left, or past. Under an hour counts as less than an hour. */
export function timeLeft(answerBy: string, now: number): { message: MessageDescriptor; urgent: boolean } {
  const left = Date.parse(answerBy) - now
  if (!(left > 0)) return { message: msg`Past its deadline`, urgent: true }
  const hours = Math.floor(left / HOUR)
  if (hours < 1) return { message: msg`Less than an hour left`, urgent: true }
  const days = Math.floor(hours / 24)
  const rest = hours % 24
  if (days === 0) return { message: msg`${hours} h left`, urgent: hours < 12 }
  return { message: msg`${days} d ${rest} h left`, urgent: false }
}
