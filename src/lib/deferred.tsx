// What the prerendered home page and the client's first render must agree on. The HTML built ahead of time
// has no data and no browser state; the client's hydration render must produce the same markup, so anything
// that reads data (a suspending query) waits until hydration is over, behind the same placeholder the HTML
// shows. A screen that is not hydrated (every client render after the first, and every route without a
// prerendered page) gets `true` at once and renders its data straight away.
import {
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'

const noSubscription = () => () => {}

/** False on the server and during hydration, true in every other client render. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

export interface DeferredProps {
  /** Shown in the HTML, during hydration, while the content suspends, and until it is near the screen. */
  fallback: ReactNode
  /** Wait until the placeholder comes within this margin of the viewport (below-the-fold sections). */
  whenNear?: string
  children: ReactNode
}

/** Renders its content only in the browser, after hydration (and, with `whenNear`, once it is near). */
export function Deferred({ fallback, whenNear, children }: DeferredProps) {
  const hydrated = useHydrated()
  const [seen, setSeen] = useState(false)
  // Without IntersectionObserver (old browsers, jsdom) there is no way to wait: it counts as near at once.
  const near = whenNear === undefined || seen || typeof IntersectionObserver === 'undefined'
  const placeholder = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const node = placeholder.current
    if (near || !node) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: whenNear },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [near, whenNear, hydrated])

  // After hydration React renders again, synchronously, to turn `hydrated` true (a store's snapshot, which
  // React never updates in a transition): the content's first render (its components, its reads starting)
  // then made that render, and the commit of the taken-over page with it, one long task on a phone. Deferred,
  // it renders in the background, in slices; a component mounted later gets true at once, as before.
  const show = useDeferredValue(hydrated && near)
  if (show) return <Suspense fallback={fallback}>{children}</Suspense>
  return whenNear === undefined ? fallback : <div ref={placeholder}>{fallback}</div>
}
