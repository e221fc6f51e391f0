// Small readers for query parameters. TanStack Router parses `?id=42` as the number 42 and `?id="42"` as a
// string, so ids accept both.

const ID = /^[1-9][0-9]{0,17}$/
const DAY = /^\d{4}-\d{2}-\d{2}$/

export function optionalId(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  return typeof text === 'string' && ID.test(text) ? text : undefined
}

export function isoDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined
  return Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()) ? undefined : value
}

export function optionalString(value: unknown, maxLength = 200): string | undefined {
  if (typeof value === 'number') value = String(value)
  return typeof value === 'string' && value.length > 0 && value.length <= maxLength ? value : undefined
}
