// A catalog screen the server rendered shows before its scripts have run: its controls would take a click or a
// choice and drop it. Until React has taken the page over, the screen's controls are disabled (a disabled
// fieldset disables every control inside it) and say so; links work all along, as plain links. During
// hydration React renders with the server's value, then, once this part of the page is taken over (the
// screen's own code has come: it is a lazy chunk), with the browser's: only this element renders again, not
// the content it wraps (its children are the same elements). Every screen's content is wrapped (src/lib/
// screen.tsx); only the server-rendered ones start disabled. The home page, prerendered for every visitor,
// keeps its search form as it is: the form's place list waits for its data anyway.
import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * A fieldset only for what it disables, with no box of its own; it lays its children out as the screen's stack
 * does (src/lib/screen.tsx: gap "lg"). Inline rather than a CSS module: the screens' shared chunk would then
 * bring a stylesheet of its own, one more request before a rendered page can paint.
 */
const LAYOUT = {
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--mantine-spacing-lg)',
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
} as const

export function ReadyFieldset({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  const rendered = useRouterState({
    select: (state) => state.matches.some((match) => match.staticData.serverRendered === true),
  })
  return (
    <fieldset disabled={rendered && !hydrated} style={LAYOUT}>
      {children}
    </fieldset>
  )
}
