// Query strings as people read and share them: `?location=13&types=HOUSE,FARM`, every value a plain string.
// TanStack Router's default JSON-encodes values that look like numbers (`?location=%2213%22`); the screens'
// validators already read strings, so plain URLSearchParams is all the app needs.

export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search))
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue
    params.set(key, typeof value === 'string' ? value : String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
