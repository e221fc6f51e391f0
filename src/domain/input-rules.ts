// The primitive input rules, without zod: the account schemas (zod/mini, loaded by the client's forms) and
// the catalog's (zod, server and later screens) both build on them, so a rule is written once.

/** A row id as the API writes it: a positive integer without leading zeros, at most 18 digits. */
export const ID_PATTERN = /^[1-9][0-9]{0,17}$/

/** A client-generated operation id (a UUID fits): a write sent twice with it takes effect once. */
export const OPERATION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

/**
 * No NUL character. Nobody types one, and PostgreSQL can neither store nor compare it (it fails the whole
 * query), so every request text refuses it with the other input rules, as a 400 naming the field.
 */
export const hasNoNul = (value: string) => !value.includes('\u0000')

/** A line break, a tab or any other control character, and the Unicode line and paragraph separators. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u

/**
 * On one line: no line break, tab or other control character. A name, a phone number or a subject is printed
 * inside Haven's own e-mails and screens, where a line break would let it write paragraphs of its own.
 */
export const isOneLine = (value: string) => !CONTROL_CHARACTERS.test(value)

/** `value` on one line: each run of control characters a space (for text no rule checked, a provider's name). */
export const flattened = (value: string) =>
  value.replace(new RegExp(CONTROL_CHARACTERS.source, 'gu'), ' ').replace(/ {2,}/g, ' ').trim()

/** `+33 6 12 34 56 78`, `(555) 010-0199`: 6 to 15 digits (E.164's most) with the usual separators. */
export function isPhoneNumber(phone: string): boolean {
  return /^\+?[0-9 ().-]+$/.test(phone) && /^(\D*\d){6,15}\D*$/.test(phone)
}

/** `YYYY-MM-DD` naming a day that exists. */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const parsed = new Date(Date.UTC(year, month - 1, day))
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day
}

/** Today's date, `YYYY-MM-DD`, in UTC: every rule that depends on the day uses this one clock and zone. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10)

/**
 * Whether someone born on `birthDate` (YYYY-MM-DD) is at least `years` old on `today`, counted in UTC on the
 * client and the server alike, so that near midnight both give the same answer.
 */
export function isAtLeast(birthDate: string, years: number, today = new Date()): boolean {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number]
  const ty = today.getUTCFullYear()
  const tm = today.getUTCMonth() + 1
  const td = today.getUTCDate()
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
  return age >= years
}
