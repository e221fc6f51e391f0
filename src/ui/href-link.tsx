// A link by its address, followed by the router without a page load: for the back office, whose route tree
// is not the one TanStack Router's types know (src/app/router.ts registers the renter's), so its typed
// <Link to> cannot name the back office's paths. Mantine's Anchor, Button and NavLink take it as `component`.
import { useRouter } from '@tanstack/react-router'
import { type AnchorHTMLAttributes, forwardRef, type MouseEvent } from 'react'

export type HrefLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }

export const HrefLink = forwardRef<HTMLAnchorElement, HrefLinkProps>(function HrefLink(
  { href, onClick, ...props },
  ref,
) {
  const router = useRouter()
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    // A new tab or window, a download, or a handler that took the click: the browser's.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return
    if (event.altKey || props.target === '_blank') return
    event.preventDefault()
    void router.navigate({ href })
  }
  return <a ref={ref} href={href} onClick={follow} {...props} />
})
