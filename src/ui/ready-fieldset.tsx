// A page the server sent drawn (the prerendered home, a rendered catalog screen) shows before its scripts have
// run: its controls would take a click or a choice and drop it, or React would take a select over with its own
// value. Until React has taken that part of the page over, its controls are disabled (a disabled fieldset
// disables every control inside it) and say so; links work all along, as plain links. During hydration React
// renders with the server's value, then, once this part of the page is taken over, with the browser's: only
// this element renders again, not the content it wraps (its children are the same elements). A page React
// draws itself (every client render after the first, and every page sent as the bare shell) never sees it
// disabled. Every screen's content is wrapped (src/ui/screen.tsx), and so are the header's controls and the
// home page's search.
import { type ReactNode, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * How the fieldset lays its children out: `stack` as a screen's stack does (src/ui/screen.tsx: gap "lg"),
 * `contents` not at all (its children are laid out by its parent, as if it were not there). Inline rather
 * than a CSS module: the screens' shared chunk would then bring a stylesheet of its own, one more request
 * before a rendered page can paint.
 */
const LAYOUTS = {
  stack: {
    display: 'flex',
    flexDirection: 'column',
    gap: 'var(--mantine-spacing-lg)',
    minWidth: 0,
    margin: 0,
    padding: 0,
    border: 0,
  },
  contents: { display: 'contents' },
} as const

export interface ReadyFieldsetProps {
  children: ReactNode
  layout?: keyof typeof LAYOUTS
}

/** Its controls are disabled while React takes over the HTML they came in; a fieldset for nothing else. */
export function ReadyFieldset({ children, layout = 'stack' }: ReadyFieldsetProps) {
  const ready = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return (
    <fieldset disabled={!ready} style={LAYOUTS[layout]}>
      {children}
    </fieldset>
  )
}
