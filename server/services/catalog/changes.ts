// The one place told that the catalog changed (a listing created, edited, hidden, shown, deleted: the back
// office's services/listings), and that forgets every answer kept from the old one on this server: the search's
// first pages (routes/catalog.ts) and the rendered pages (pages/routes.ts), each registered here when made.
// The sitemap and the property's page read the database on each request. The other servers behind the same
// address keep their own caches for SEARCH_CACHE_SECONDS at most (docs/decisions.md): they see the change
// within that time, with nothing sent between servers.
export interface ForgetfulCache {
  clear(): void
}

export interface CatalogCaches {
  /** Registers a cache whose answers a change of the catalog makes stale. */
  keep(cache: ForgetfulCache): void
  /** The catalog changed (after the change is committed): every registered cache forgets its answers. */
  changed(): void
}

export function createCatalogCaches(): CatalogCaches {
  const caches = new Set<ForgetfulCache>()
  return {
    keep(cache) {
      caches.add(cache)
    },
    changed() {
      for (const cache of caches) cache.clear()
    },
  }
}
