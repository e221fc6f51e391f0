import '@testing-library/jest-dom/vitest'

import { cleanup, configure } from '@testing-library/react'
import { clear } from 'idb-keyval'
import { afterEach, vi } from 'vitest'

import { CATALOG_NAMES } from '@/features/declarations'
import { loadCatalogs } from '@/i18n/catalogs'
import { closeOutboxes } from '@/offline/outbox'

// findBy… and waitFor give up after 1 s by default: a lazy route and its French catalog can take longer on a
// loaded 2-core machine, and a test then failed one run in several with nothing wrong. What a test waits for
// either happens or the test fails; 10 s only stops a loaded machine from deciding the outcome.
configure({ asyncUtilTimeout: 10_000 })

// jsdom lacks the layout APIs Mantine reads (docs/footguns.md).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver
window.scrollTo = (() => {}) as typeof window.scrollTo
// Nor the font loading API, which Mantine's autosized Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  })
Element.prototype.scrollIntoView = () => {}

// No IndexedDB in jsdom: idb-keyval over a Map behaves the same for the persister.
vi.mock('idb-keyval', () => {
  const store = new Map<string, unknown>()
  return {
    get: async (key: string) => store.get(key),
    set: async (key: string, value: unknown) => void store.set(key, value),
    del: async (key: string) => void store.delete(key),
    clear: async () => store.clear(),
  }
})

// Tests render screens without the router, which loads a screen's catalog with its code: here every catalog
// is in use from the start, so each activateLocale() loads them all.
void loadCatalogs(CATALOG_NAMES)

// Each test starts from an empty device: what one test's persister wrote is not the next one's saved data.
afterEach(async () => {
  cleanup()
  // No outbox of this test sends into the next one.
  closeOutboxes()
  window.localStorage.clear()
  await clear()
})
