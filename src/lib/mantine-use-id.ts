// Mantine's `useId` (@mantine/hooks), as the app's build uses it in its place (scripts/stable-mantine-ids.ts).
//
// Mantine's own returns the id React's useId gives (`mantine-` and React's id), then, in a layout effect,
// sets a random one. Every input, alert or chip drawn in a page the server rendered thus asked React, as
// soon as it had taken the page over, for a synchronous render of its own, which also ran every passive
// effect of the take-over in that same task: on a 4×-slowed phone, one task of 56 to 61 ms for a search,
// now tasks of 29 ms at most (docs/performance.md). React's id is unique in the page already (one
// React root), the same on the server and in the browser, and stable for the component's whole life: it is
// kept.
import { useId as useReactId } from 'react'

export function useId(staticId?: string): string {
  const reactId = useReactId()
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`
}
