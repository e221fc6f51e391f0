// The notifications screen's page, kept in the URL (`?page=2`): a whole number from 2; anything else is the first.
export function validateNoticesParams(raw: Record<string, unknown>): { page?: number } {
  const page = Number(raw.page)
  return Number.isInteger(page) && page > 1 && page <= 1_000_000 ? { page } : {}
}
