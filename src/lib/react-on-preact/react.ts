// The app renders with Preact: `react` and `react-dom` resolve to preact/compat (vite.config.ts), which
// costs ~12 KB gzip where react-dom alone costs ~63 KB. This module is what `react` resolves to: everything
// preact/compat exports, plus React 19.2's <Activity>, which Mantine uses for keepMounted content and
// preact/compat lacks. Hidden content stays mounted (its state survives) and is taken out of the layout;
// unlike React, its effects keep running while hidden.
import { createElement, type ComponentChildren } from 'preact'
import compat from 'preact/compat'

// @ts-expect-error -- preact/compat's types are one `export =` namespace; its module has named exports.
export * from 'preact/compat'

export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden'
  children?: ComponentChildren
}) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children)
}

export default { ...compat, Activity }
