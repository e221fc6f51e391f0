// The end of the restore is a transition: what is on screen stays until the page with the restored data is
// ready, instead of React redoing everything at once (and, below a boundary still waiting, showing its
// fallback). On a page the server rendered, that is what keeps React taking the page over in slices.
import { QueryClient, useIsRestoring } from '@tanstack/react-query'
import type { Persister } from '@tanstack/react-query-persist-client'
import { act, render, screen } from '@testing-library/react'
import { Suspense, use } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { PersistedQueryClient } from './persisted-query-client'

function persister(): Persister {
  return {
    persistClient: vi.fn(() => Promise.resolve()),
    restoreClient: () => Promise.resolve(undefined),
    removeClient: () => Promise.resolve(),
  }
}

describe('PersistedQueryClient', () => {
  it('keeps the page on screen while what the end of the restore shows is not ready', async () => {
    let ready!: () => void
    const code = new Promise<void>((resolve) => (ready = resolve))
    function Page() {
      const restoring = useIsRestoring()
      // After the restore, this part of the page needs code that has not come yet.
      if (!restoring) use(code)
      return <p>{restoring ? 'page as rendered' : 'page with restored data'}</p>
    }
    const onRestored = vi.fn()
    const save = persister()
    render(
      <PersistedQueryClient
        client={new QueryClient()}
        persistOptions={{ persister: save }}
        onRestored={onRestored}
      >
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </PersistedQueryClient>,
    )
    expect(screen.getByText('page as rendered')).toBeInTheDocument()
    await act(async () => {
      await vi.waitFor(() => expect(onRestored).toHaveBeenCalled())
    })
    expect(screen.getByText('page as rendered')).toBeInTheDocument()
    expect(screen.queryByText('loading')).not.toBeInTheDocument()
    // Saving does not wait for the end of the restore to be drawn: a route's loader may already have shown a
    // screen's data, and a page left now must have it on the device.
    await vi.waitFor(() => expect(save.persistClient).toHaveBeenCalled())

    await act(async () => ready())
    expect(await screen.findByText('page with restored data')).toBeInTheDocument()
  })
})
