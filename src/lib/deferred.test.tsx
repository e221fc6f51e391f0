// What `Deferred` holds back in the HTML comes once React has taken the page over, and not in a synchronous
// render: React renders a store's change (`useHydrated` turning true) at once, before the browser gets its
// turn, so the content's first render (its components, its reads starting) made one long task with the
// commit of the taken-over page. Checked right after that commit's effects have run (and with them any
// synchronous render they set off): the content has not rendered yet; it comes after.
import { act } from '@testing-library/react'
import { startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { Deferred } from './deferred'

describe('Deferred', () => {
  it('renders its content after the take-over, not in a synchronous render', async () => {
    let contentRenders = 0
    function Content() {
      contentRenders++
      return <p>the content</p>
    }
    let renderedWhenEffectsRan: number | undefined
    let effectsRan: () => void = () => {}
    const afterEffects = new Promise<void>((resolve) => {
      effectsRan = resolve
    })
    /** After the Deferred in the tree: its effect runs after the Deferred's, and a microtask after all. */
    function Witness() {
      useEffect(() => {
        queueMicrotask(() => {
          renderedWhenEffectsRan ??= contentRenders
          effectsRan()
        })
      }, [])
      return null
    }
    const page = (
      <>
        <Deferred fallback={<p>the placeholder</p>}>
          <Content />
        </Deferred>
        <Witness />
      </>
    )
    const root = document.createElement('div')
    root.innerHTML = renderToString(page)
    document.body.append(root)
    expect(root.textContent).toBe('the placeholder')
    expect(contentRenders).toBe(0)

    startTransition(() => {
      hydrateRoot(root, page)
    })
    await afterEffects
    expect(renderedWhenEffectsRan).toBe(0)
    await act(async () => {})
    await expect.poll(() => root.textContent).toBe('the content')
    root.remove()
  })
})
