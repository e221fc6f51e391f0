// The state of push on this device for a switch (src/lib/push.ts): read once the switch shows, turned on (the
// permission asked then, from the click) or off. The renter's settings and the back office's account page
// each say it in their own words.
import { useEffect, useState } from 'react'

import { type PushState, readPushState, turnPushOff, turnPushOn } from './push'

export function usePushState(onFailure: () => void) {
  const [state, setState] = useState<PushState | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let current = true
    void readPushState().then((read) => {
      if (current) setState(read)
    })
    return () => {
      current = false
    }
  }, [])

  const toggle = async (on: boolean) => {
    setBusy(true)
    try {
      setState(await (on ? turnPushOn() : turnPushOff()))
    } catch {
      onFailure()
      setState(await readPushState())
    } finally {
      setBusy(false)
    }
  }

  return { state, busy, toggle }
}
