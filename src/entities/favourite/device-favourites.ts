// A visitor's saved places, kept on this device only (docs/product.md §15): in localStorage, read by the
// hearts and the /favourites screen, and offered to the account at sign-in (components/keep-saved-places.tsx).
// They are the visitor's, not a user's: a signed-in user's saved places live in the account and its query.
import { useSyncExternalStore } from 'react'

import type { Favourite } from '@/contract/favourites'
import type { PropertySummary } from '@/domain/catalog'

export const DEVICE_FAVOURITES_KEY = 'saved-places'
const CHANGE_EVENT = 'haven:saved-places'

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    // Storage disabled (privacy modes): a visitor's hearts then keep nothing.
    return undefined
  }
}

function isFavourite(value: unknown): value is Favourite {
  if (!value || typeof value !== 'object') return false
  const { property, savedAt } = value as Record<string, unknown>
  return (
    typeof savedAt === 'string' &&
    !!property &&
    typeof property === 'object' &&
    typeof (property as Record<string, unknown>)._id === 'string'
  )
}

const NONE: readonly Favourite[] = []
let cachedRaw: string | null | undefined
let cached: readonly Favourite[] = NONE

/** The visitor's saved places, the latest first; stable between changes (a corrupt entry counts as none). */
export function readDeviceFavourites(): readonly Favourite[] {
  const raw = storage()?.getItem(DEVICE_FAVOURITES_KEY) ?? null
  if (raw === cachedRaw) return cached
  cachedRaw = raw
  cached = NONE
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (Array.isArray(parsed)) cached = parsed.filter(isFavourite)
    } catch {
      // A corrupt entry is an empty list.
    }
  }
  return cached
}

function write(favourites: readonly Favourite[]): void {
  const store = storage()
  if (!store) return
  try {
    if (favourites.length === 0) store.removeItem(DEVICE_FAVOURITES_KEY)
    else store.setItem(DEVICE_FAVOURITES_KEY, JSON.stringify(favourites))
  } catch {
    // Storage full: the heart shows what it was before.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

export function setDeviceFavourite(property: PropertySummary, favourite: boolean): void {
  const others = readDeviceFavourites().filter((saved) => saved.property._id !== property._id)
  write(favourite ? [{ property, savedAt: new Date().toISOString() }, ...others] : others)
}

/** Puts places back (a merge the server refused), keeping any saved since. */
export function restoreDeviceFavourites(places: readonly Favourite[]): void {
  const current = readDeviceFavourites()
  const known = new Set(current.map((saved) => saved.property._id))
  write([...current, ...places.filter((saved) => !known.has(saved.property._id))])
}

export function clearDeviceFavourites(): void {
  write(NONE)
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === DEVICE_FAVOURITES_KEY) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

/** The visitor's saved places; re-renders on every change, in this tab or another. None when prerendering. */
export function useDeviceFavourites(): readonly Favourite[] {
  return useSyncExternalStore(subscribe, readDeviceFavourites, () => NONE)
}
