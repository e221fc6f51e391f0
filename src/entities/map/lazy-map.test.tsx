import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'

import { LazyMap } from './lazy-map.tsx'

const loaded = vi.hoisted(() => ({ count: 0, props: null as unknown }))
vi.mock('./maplibre-map', () => {
  loaded.count += 1
  return {
    default: (props: unknown) => {
      loaded.props = props
      return <p>MapLibre map</p>
    },
  }
})
const webgl = vi.hoisted(() => ({ supported: true }))
vi.mock('./webgl', () => ({ supportsWebGL2: () => webgl.supported }))

/** Stands in for the browser's observer: the test says when the map comes near. */
let approach: (() => void) | undefined
let observedMargin: string | undefined
class IntersectionObserverStub {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observedMargin = options?.rootMargin
    approach = () =>
      callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      )
  }
  observe() {}
  disconnect() {}
}

const renderMap = () =>
  render(
    <I18nProvider i18n={i18n}>
      <LazyMap
        label="Map of destinations"
        height={300}
        markers={[
          {
            id: 'l-1',
            kind: 'location',
            latitude: 1,
            longitude: 2,
            name: 'Paris',
            href: '/search?location=1',
          },
        ]}
      />
    </I18nProvider>,
  )

describe('LazyMap', () => {
  beforeEach(async () => {
    await activateLocale('en')
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub)
    webgl.supported = true
    approach = undefined
  })
  afterEach(() => vi.unstubAllGlobals())

  it('says so, without fetching MapLibre, when the browser has no WebGL 2', async () => {
    // First in this file: a module is evaluated once per file, so MapLibre's count is still 0 here, and
    // fetching it now would show.
    webgl.supported = false
    renderMap()
    act(() => approach?.())
    expect(await screen.findByText('The map cannot be shown on this device.')).toBeInTheDocument()
    expect(screen.queryByText('MapLibre map')).not.toBeInTheDocument()
    expect(loaded.count).toBe(0)
  })

  it('keeps MapLibre out until the map comes near, then draws it with the same props', async () => {
    renderMap()
    const frame = screen.getByRole('group', { name: 'Map of destinations' })
    expect(frame).toHaveStyle({ height: '300px' })
    expect(screen.getByText('Loading the map…')).toBeInTheDocument()
    expect(loaded.count).toBe(0)
    expect(observedMargin).toMatch(/^\d+px/)

    act(() => approach?.())
    expect(await screen.findByText('MapLibre map')).toBeInTheDocument()
    expect(loaded.count).toBe(1)
    expect(loaded.props).toMatchObject({ markers: [expect.objectContaining({ name: 'Paris' })] })
  })

  it('is translated', async () => {
    await activateLocale('fr')
    render(
      <I18nProvider i18n={i18n}>
        <LazyMap />
      </I18nProvider>,
    )
    expect(screen.getByRole('group', { name: 'Carte' })).toBeInTheDocument()
    expect(screen.getByText('Chargement de la carte…')).toBeInTheDocument()
  })
})
