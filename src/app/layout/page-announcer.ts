// What a new screen tells the browser: its title (the screen's own heading, "Search · Haven"), and, after a
// navigation, where keyboard and screen-reader users now are (focus on that heading). Read from the rendered
// heading rather than declared per route, so every screen, its language and its data (a property's name)
// are covered by one mechanism.
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

import { APP_NAME } from '@/ui/brand'

export function usePageAnnouncer(mainId: string): void {
  const router = useRouter()

  useEffect(() => {
    const main = document.getElementById(mainId)
    if (!main) return
    const update = () => {
      const text = main.querySelector('h1')?.textContent?.trim()
      const title = !text || window.location.pathname === '/' ? APP_NAME : `${text} · ${APP_NAME}`
      if (document.title !== title) document.title = title
    }
    update()
    const observer = new MutationObserver(update)
    observer.observe(main, { subtree: true, childList: true, characterData: true })
    // The first screen keeps the browser's own focus (top of the page); a new one takes it to its heading.
    // The router reports the first screen as a change of path too (from no location): that one is skipped.
    const unsubscribe = router.subscribe('onRendered', (event) => {
      if (!event.fromLocation || !event.pathChanged) return
      const heading = main.querySelector('h1')
      if (!heading) return
      heading.tabIndex = -1
      heading.focus({ preventScroll: true })
    })
    return () => {
      observer.disconnect()
      unsubscribe()
    }
  }, [mainId, router])
}
