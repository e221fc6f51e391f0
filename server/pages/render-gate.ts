// What the server spends on rendering pages (./routes.ts): a rendered page costs a tenth of a second or more of
// the one thread that answers every request, and the screens render one after another. So each client gets a
// number of renders a minute, and only a few may wait at once; beyond either, the page is answered with the
// app's shell, which the browser renders as it renders every other screen. Counted by each server in memory:
// the time spent is each server's own.
import type { Clock } from '../context.ts'

const MINUTE_MS = 60_000

export interface RenderBudget {
  /** Renders a client (an address) may start in a minute. */
  perClientPerMinute: number
  /** Renders running or waiting for the renderer at once. */
  waiting: number
}

/** A render not started: the caller answers the shell instead. */
export class RenderDeclined extends Error {
  override readonly name = 'RenderDeclined'
}

export interface RenderGate {
  /** `render` for `client`, or RenderDeclined when the client's minute is spent or the renderer is busy. */
  run<T>(client: string, render: () => Promise<T>): Promise<T>
}

export function createRenderGate(clock: Clock, budget: RenderBudget): RenderGate {
  // One window for every client, started afresh each minute: the map holds one minute's addresses at most.
  let windowStart = Number.NEGATIVE_INFINITY
  const started = new Map<string, number>()
  let inFlight = 0
  return {
    async run(client, render) {
      const now = clock.now().getTime()
      if (now - windowStart >= MINUTE_MS) {
        started.clear()
        windowStart = now
      }
      const used = started.get(client) ?? 0
      if (used >= budget.perClientPerMinute) throw new RenderDeclined('this client rendered its minute')
      if (inFlight >= budget.waiting) throw new RenderDeclined('the renderer is busy')
      started.set(client, used + 1)
      inFlight += 1
      try {
        return await render()
      } finally {
        inFlight -= 1
      }
    },
  }
}
