// Infinite lists (docs/product.md §10): the next page loads as the end of the list comes near, not when it is
// already on screen. Shared by the search results and the renter's bookings.
import { useEffect, useRef } from 'react'

/** The next page starts loading this far before the end of the list is on screen. */
const LOOKAHEAD_MARGIN = '600px 0px'

interface PagedQuery {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** A ref for an empty element after the list's last item: when it comes near, the next page is asked. */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage }: PagedQuery) {
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node || !hasNextPage) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { rootMargin: LOOKAHEAD_MARGIN },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  return sentinel
}
