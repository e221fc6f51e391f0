// Online state for TanStack Query. `onlineManager` starts out online, so a page reloaded offline would
// fire (and drop) its queued writes: seed it from the browser, then correct it with a health probe, because
// "the browser says online" is not "the server can be reached" (docs/architecture.md, Offline design).
import { onlineManager } from '@tanstack/react-query'

import { splitRoute } from '@/contract/route'
import { health } from '@/contract/routes'

export const HEALTH_PATH = splitRoute(health).path
/** While the browser says online but the server does not answer, ask again this often. */
export const PROBE_INTERVAL_MS = 15_000
/**
 * How long the probe waits for the health check. A server that accepts connections and never answers (hotel
 * Wi-Fi without internet, a captive portal, a hung server) counts as away after this.
 */
export const PROBE_TIMEOUT_MS = 3_000
/**
 * How long a navigation waits for its data before it shows the screen with what the device has: the saved
 * data, or the screen's "not saved on this device" state (docs/architecture.md, Offline design).
 */
export const READ_WAIT_MS = 3_500

/** True when the API answered its health check; any failure (no answer, 5xx, the SW's offline 503) is false. */
export async function probeServer(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS)
  try {
    const response = await fetchImpl(HEALTH_PATH, {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
    // Read to the end: a body left unread keeps the request open (and the connection busy) until the page goes.
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

export interface OnlineTracker {
  /** A request found no server: probe now, and go offline if the probe fails too. */
  reportNetworkError: () => void
  /** Probe now; resolves with the corrected state. */
  check: () => Promise<boolean>
  stop: () => void
}

/**
 * Wires `onlineManager` to the browser's online/offline events and the health probe. Call before the first
 * render: `setEventListener` runs its setup at once, so the seed is in place before any query or mutation.
 */
export function trackOnlineState({
  probe = () => probeServer(),
}: { probe?: () => Promise<boolean> } = {}): OnlineTracker {
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let pending: Promise<boolean> | undefined
  let setOnlineState: (online: boolean) => void = (online) => onlineManager.setOnline(online)
  /** The last verdict (the probe's, or the browser's offline event): undefined until there is one. */
  let known: boolean | undefined
  const settle = (online: boolean) => {
    known = online
    setOnlineState(online)
  }

  const clearRetry = () => {
    if (retryTimer !== undefined) clearTimeout(retryTimer)
    retryTimer = undefined
  }

  const check = (): Promise<boolean> => {
    if (pending) return pending
    clearRetry()
    pending = probe()
      .then((reachable) => {
        // The browser may have gone offline while the probe ran: its word wins.
        const online = reachable && navigator.onLine
        settle(online)
        // No 'online' event will come when only the server was away: keep asking until it answers.
        if (!online && navigator.onLine) retryTimer = setTimeout(() => void check(), PROBE_INTERVAL_MS)
        return online
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }

  onlineManager.setEventListener((setOnline) => {
    setOnlineState = setOnline
    // TanStack runs this again whenever its subscribers go from none to one: a verdict already reached stands
    // (the browser may still say online where the probe found no server), and so does the asking again.
    setOnline(navigator.onLine && known !== false)
    if (navigator.onLine && known === false && retryTimer === undefined) {
      retryTimer = setTimeout(() => void check(), PROBE_INTERVAL_MS)
    }
    const onOffline = () => {
      clearRetry()
      settle(false)
    }
    const onOnline = () => void check()
    window.addEventListener('offline', onOffline)
    window.addEventListener('online', onOnline)
    // The asking again is the tracker's, not the listener's: cleared here, it would start over at every
    // setup, and subscribers that come and go faster than its interval would keep it from ever firing.
    return () => {
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
    }
  })

  // The browser's word is a guess: it says online behind a captive portal, with the server down, and (in some
  // Chromium versions) after a reload made offline. Ask the server once at start, so that saved screens say
  // they are saved. Not in the listener's setup: TanStack runs that again whenever its subscribers go from
  // none to one, and a probe there would fetch on every such render.
  if (navigator.onLine) void check()

  return {
    reportNetworkError: () => {
      if (onlineManager.isOnline() && navigator.onLine) void check()
    },
    check,
    stop: () => {
      clearRetry()
      // Back to TanStack's own listener.
      onlineManager.setEventListener((setOnline) => {
        const update = () => setOnline(navigator.onLine)
        window.addEventListener('online', update)
        window.addEventListener('offline', update)
        return () => {
          window.removeEventListener('online', update)
          window.removeEventListener('offline', update)
        }
      })
    },
  }
}

/**
 * A route loader's reads: they start with the navigation, in parallel with the screen's code. Online, the
 * route waits for them (the screen then renders whole, with no layout shift), but never longer than
 * `waitMs`, and not once the app finds itself offline: a network that is not there, or a server that does not
 * answer, must not hold a screen that the device can show from saved data. It never fails the route: the
 * screen shows its own error or offline state.
 */
export function startReads(reads: Promise<unknown>[], waitMs = READ_WAIT_MS): Promise<void> {
  // Handled even when nothing waits for them: a read left waiting offline rejects once its screen goes.
  void Promise.allSettled(reads)
  if (!onlineManager.isOnline()) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(done, waitMs)
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) done()
    })
    Promise.all(reads).then(done, done)
  })
}
