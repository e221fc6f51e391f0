// Infinite lists (docs/product.md §10): the next page loads as the end of the list comes near, not when it is
// already on screen. Shared by the search results, the renter's bookings and the notifications.
import { useIntersection } from '@mantine/hooks'
import { useEffect } from 'react'

/** The next page starts loading this far before the end of the list is on screen. */
const LOOKAHEAD_MARGIN = '600px 0px'

interface PagedQuery {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

/** A ref for an empty element after the list's last item: when it comes near, the next page is asked. */
export function useLoadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage }: PagedQuery) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: LOOKAHEAD_MARGIN })
  const near = entry?.isIntersecting ?? false
  // Also once a page has come in and the end is still near (a tall screen): the next one follows.
  useEffect(() => {
    if (near && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [near, hasNextPage, isFetchingNextPage, fetchNextPage])
  // Watched only while there is a next page to ask for.
  return hasNextPage ? ref : undefined
}
