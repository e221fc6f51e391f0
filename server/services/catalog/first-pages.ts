// The commonest searches, kept for a few seconds: the first page of a search without a stay (the home page's,
// the search screen opened bare or with a filter or two) depends only on the catalog, which changes when an
// operator seeds or edits properties, not with each visitor. Under load most first-page requests are the same
// few bodies: one query answers them all for SEARCH_CACHE_SECONDS (10 by default), and requests that arrive
// while it runs wait for it instead of starting their own. A search with dates is never kept: its nights
// change with every booking. Each server keeps its own (docs/decisions.md): the server where a listing changes
// forgets its answers at once (./changes.ts), every other one within that time.
import type { Clock } from '../../context.ts'

/** Distinct first pages kept; the least recently asked goes first. About 10 KB each. */
export const FIRST_PAGE_ENTRIES = 500

interface Entry<T> {
  expires: number
  body: Promise<T>
}

export interface FirstPageCache<T> {
  /** The cached answer for `key`, or the one `load` makes (shared with every caller until it settles). */
  get(key: string, load: () => Promise<T>): Promise<T>
  /** Forgets every answer: the catalog changed (./changes.ts). */
  clear(): void
  readonly size: number
}

export function createFirstPageCache<T>(
  clock: Clock,
  { ttlMs, entries = FIRST_PAGE_ENTRIES }: { ttlMs: number; entries?: number },
): FirstPageCache<T> {
  const kept = new Map<string, Entry<T>>()
  return {
    get(key, load) {
      if (ttlMs <= 0) return load()
      const now = clock.now().getTime()
      const found = kept.get(key)
      kept.delete(key)
      if (found && found.expires > now) {
        kept.set(key, found)
        return found.body
      }
      const body = load()
      const entry = { expires: now + ttlMs, body }
      kept.set(key, entry)
      // A failed query is not an answer to keep: the next request tries again.
      body.catch(() => {
        if (kept.get(key) === entry) kept.delete(key)
      })
      while (kept.size > entries) kept.delete(kept.keys().next().value!)
      return body
    },
    clear() {
      kept.clear()
    },
    get size() {
      return kept.size
    },
  }
}

/** The searches kept: a first page, without a stay (which changes with every booking). */
export const isSharedFirstPage = (search: { cursor?: string | null; from?: string; to?: string }) =>
  !search.cursor && search.from === undefined && search.to === undefined
