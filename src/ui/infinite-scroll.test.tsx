// The next page of an infinite list is asked for when the end of the list comes near (useLoadMoreOnScroll),
// with the browser's IntersectionObserver played by a stand-in that the test moves the sentinel for.
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { useLoadMoreOnScroll } from './infinite-scroll'

/** Whether the sentinel is within the look-ahead margin of the screen. */
let near = false

/** As the browser's: it reports an element's state once it starts observing it, then each change. */
class StandInObserver {
  static all: StandInObserver[] = []
  readonly observed = new Set<Element>()
  disconnected = false
  private reportedNear: boolean | undefined
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    StandInObserver.all.push(this)
  }
  observe(element: Element) {
    this.observed.add(element)
    queueMicrotask(() => {
      if (this.observed.has(element)) this.report(element, true)
    })
  }
  unobserve(element: Element) {
    this.observed.delete(element)
  }
  disconnect() {
    this.observed.clear()
    this.disconnected = true
  }
  takeRecords() {
    return []
  }
  /** Reports the element's state: always the first time, then only when it changed. */
  report(target: Element, first = false) {
    if (!first && this.reportedNear === near) return
    this.reportedNear = near
    const entry = { isIntersecting: near, target } as unknown as IntersectionObserverEntry
    this.callback([entry], this as unknown as IntersectionObserver)
  }
}

/** The observers watching an element now. */
const watching = () => StandInObserver.all.filter((observer) => observer.observed.size > 0)

/** The sentinel comes within the look-ahead margin, or leaves it, and the browser reports it. */
async function sentinelNear(isNear: boolean) {
  near = isNear
  await act(async () => {
    for (const observer of watching()) for (const target of observer.observed) observer.report(target)
  })
}

/** What the browser reports after a render (a new observer's first report) has arrived. */
const reported = () => act(async () => {})

interface Paging {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => Promise<unknown>
}

function List(paging: Paging) {
  const sentinel = useLoadMoreOnScroll(paging)
  return (
    <div>
      <p>A property</p>
      <div ref={sentinel} data-testid="sentinel" />
    </div>
  )
}

async function renderList(paging: Omit<Paging, 'fetchNextPage'>) {
  const fetchNextPage = vi.fn(() => Promise.resolve())
  const view = render(<List {...paging} fetchNextPage={fetchNextPage} />)
  const rerender = async (next: Omit<Paging, 'fetchNextPage'>) => {
    view.rerender(<List {...next} fetchNextPage={fetchNextPage} />)
    await reported()
  }
  await reported()
  return { fetchNextPage, rerender, sentinel: view.getByTestId('sentinel') }
}

beforeEach(() => {
  near = false
  StandInObserver.all = []
  vi.stubGlobal('IntersectionObserver', StandInObserver)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('an infinite list', () => {
  it('watches its end from 600 px ahead, and asks for the next page once it comes near', async () => {
    const { fetchNextPage, sentinel } = await renderList({ hasNextPage: true, isFetchingNextPage: false })
    expect(watching()).toHaveLength(1)
    expect([...watching()[0]!.observed]).toEqual([sentinel])
    expect(watching()[0]!.options).toMatchObject({ rootMargin: '600px 0px' })
    expect(fetchNextPage).not.toHaveBeenCalled()

    await sentinelNear(true)
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
  })

  it('shorter than the screen, asks for the next page at once', async () => {
    near = true
    const { fetchNextPage } = await renderList({ hasNextPage: true, isFetchingNextPage: false })
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
  })

  it('asks once while a page is coming, and for the next once it is in with the end still near', async () => {
    const { fetchNextPage, rerender } = await renderList({ hasNextPage: true, isFetchingNextPage: false })
    await sentinelNear(true)
    await rerender({ hasNextPage: true, isFetchingNextPage: true })
    await sentinelNear(true)
    expect(fetchNextPage).toHaveBeenCalledTimes(1)

    await rerender({ hasNextPage: true, isFetchingNextPage: false })
    expect(fetchNextPage).toHaveBeenCalledTimes(2)
  })

  it('waits for the reader once the new page has pushed the end away', async () => {
    const { fetchNextPage, rerender } = await renderList({ hasNextPage: true, isFetchingNextPage: false })
    await sentinelNear(true)
    await rerender({ hasNextPage: true, isFetchingNextPage: true })
    await sentinelNear(false)
    await rerender({ hasNextPage: true, isFetchingNextPage: false })
    expect(fetchNextPage).toHaveBeenCalledTimes(1)

    await sentinelNear(true)
    expect(fetchNextPage).toHaveBeenCalledTimes(2)
  })

  it('stops watching after the last page, and asks for nothing more', async () => {
    const { fetchNextPage, rerender } = await renderList({ hasNextPage: true, isFetchingNextPage: false })
    await rerender({ hasNextPage: false, isFetchingNextPage: false })
    expect(watching()).toHaveLength(0)
    expect(StandInObserver.all.every((observer) => observer.disconnected)).toBe(true)
    expect(fetchNextPage).not.toHaveBeenCalled()
  })

  it('with one page only, watches nothing (nor needs an IntersectionObserver)', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const { fetchNextPage } = await renderList({ hasNextPage: false, isFetchingNextPage: false })
    expect(StandInObserver.all).toHaveLength(0)
    expect(fetchNextPage).not.toHaveBeenCalled()
  })

  it('stops watching when the list goes', async () => {
    const fetchNextPage = vi.fn(() => Promise.resolve())
    const view = render(<List hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />)
    view.unmount()
    expect(watching()).toHaveLength(0)
  })
})
