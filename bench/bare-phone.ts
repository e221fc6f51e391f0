// First visits as a visitor's browser makes them, for the benchmarks that time the main thread
// (bench/long-tasks.ts): a fresh profile on Lighthouse's phone screen, the CPU slowed 4×, no network
// throttling, in Debian's Chromium, driven over the DevTools protocol with no domain switched on.
//
// Not through Playwright: it switches the Runtime and Network domains on in every page, and with them V8
// records a stack for every Error created and every request made, parsing each function on the stack again
// to find its source positions. A page that creates Errors as it starts (React DOM does) then pays, on the
// main thread, for parsing most of its code twice: 100 to 200 ms on a 4×-slowed CPU that no visitor pays.
import { launch } from 'chrome-launcher'

import { chromiumLaunchOptions } from '../tests/chromium.ts'

/** One page's session: a DevTools method called on it, its answer. */
export type Send = (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>

interface Message {
  id?: number
  result?: Record<string, unknown>
  error?: { message: string }
}

/** Runs `visit` for each of `loads` first visits; the page is blank when it starts. */
export async function onBarePhone(
  loads: number,
  visit: (send: Send, load: number) => Promise<void>,
): Promise<void> {
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: chromiumLaunchOptions.args,
  })
  try {
    const { webSocketDebuggerUrl } = (await (
      await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
    ).json()) as { webSocketDebuggerUrl: string }
    const socket = new WebSocket(webSocketDebuggerUrl)
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true })
      socket.addEventListener('error', reject, { once: true })
    })
    let lastId = 0
    const waiting = new Map<
      number,
      { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }
    >()
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as Message
      const call = message.id === undefined ? undefined : waiting.get(message.id)
      if (!call) return
      waiting.delete(message.id!)
      if (message.error) call.reject(new Error(message.error.message))
      else call.resolve(message.result ?? {})
    })
    const call = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const id = ++lastId
        waiting.set(id, { resolve, reject })
        socket.send(JSON.stringify({ id, method, params, sessionId }))
      })
    try {
      for (let load = 1; load <= loads; load++) {
        const { browserContextId } = await call('Target.createBrowserContext', { disposeOnDetach: true })
        const { targetId } = await call('Target.createTarget', { url: 'about:blank', browserContextId })
        const { sessionId } = await call('Target.attachToTarget', { targetId, flatten: true })
        const send: Send = (method, params) => call(method, params, sessionId as string)
        await send('Emulation.setDeviceMetricsOverride', {
          width: 412,
          height: 823,
          deviceScaleFactor: 1,
          mobile: false,
        })
        await send('Emulation.setCPUThrottlingRate', { rate: 4 })
        try {
          await visit(send, load)
        } finally {
          await call('Target.disposeBrowserContext', { browserContextId })
        }
      }
    } finally {
      socket.close()
    }
  } finally {
    chrome.kill()
  }
}

/** The value of `expression` in the page (a JSON-serializable one). */
export async function evaluate<T>(send: Send, expression: string): Promise<T> {
  const { result } = (await send('Runtime.evaluate', {
    expression,
    returnByValue: true,
    awaitPromise: true,
  })) as {
    result: { value: T }
  }
  return result.value
}

/**
 * Opens `url` and waits until it has loaded and asked for nothing more for a second (what Playwright's
 * `networkidle` waits for, read from the page's own resource timings, with no Network domain on).
 */
export async function openAndSettle(send: Send, url: string): Promise<void> {
  await send('Page.navigate', { url })
  let count = -1
  let quietSince = Date.now()
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const state = await evaluate<{ ready: string; resources: number }>(
      send,
      `({ ready: document.readyState, resources: performance.getEntriesByType('resource').length })`,
    ).catch(() => ({ ready: 'loading', resources: -1 }))
    if (state.ready !== 'complete' || state.resources !== count) {
      count = state.resources
      quietSince = Date.now()
    } else if (Date.now() - quietSince >= 1000) return
  }
  throw new Error(`${url} did not settle within 30 s`)
}
