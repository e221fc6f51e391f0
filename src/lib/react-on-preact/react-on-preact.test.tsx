// The two pieces of React's API that Haven supplies itself on top of preact/compat (vite.config.ts).
import { act, fireEvent, render, screen } from '@testing-library/preact'
import { Activity, useState } from 'react'
import { describe, expect, it } from 'vitest'

import { useSyncExternalStoreWithSelector } from './use-sync-external-store'

function createStore<T>(initial: T) {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    set(next: T) {
      state = next
      for (const listener of listeners) listener()
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

describe('useSyncExternalStoreWithSelector', () => {
  it('re-renders only when the selected slice changes, keeping an equal selection as it was', () => {
    const store = createStore({ name: 'Ada', count: 0 })
    const selections: Array<{ name: string }> = []
    function Name() {
      const selection = useSyncExternalStoreWithSelector(
        store.subscribe,
        store.get,
        null,
        (state) => ({ name: state.name }),
        (a, b) => a.name === b.name,
      )
      selections.push(selection)
      return <p>{selection.name}</p>
    }
    render(<Name />)
    expect(screen.getByText('Ada')).toBeInTheDocument()

    act(() => store.set({ name: 'Ada', count: 1 }))
    expect(new Set(selections).size).toBe(1)

    act(() => store.set({ name: 'Grace', count: 1 }))
    expect(screen.getByText('Grace')).toBeInTheDocument()
    expect(selections.at(-1)).toEqual({ name: 'Grace' })
  })
})

describe('Activity', () => {
  it('hides its content without unmounting it, so state survives', () => {
    function Counter() {
      const [count, setCount] = useState(0)
      return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>
    }
    function Panel() {
      const [open, setOpen] = useState(true)
      return (
        <>
          <button onClick={() => setOpen(!open)}>Toggle</button>
          <Activity mode={open ? 'visible' : 'hidden'}>
            <Counter />
          </Activity>
        </>
      )
    }
    render(<Panel />)
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' }))
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }))
    expect(screen.queryByRole('button', { name: 'Clicked 1' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }))
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
  })
})
