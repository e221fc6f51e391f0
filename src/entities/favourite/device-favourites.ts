// A visitor's saved places, kept on this device only (docs/product.md §15): localStorage `saved-places`
// (src/lib/device-store.ts), read by the
// hearts and the /favourites screen, and offered to the account at sign-in (components/keep-saved-places.tsx).
// They are the visitor's, not a user's: a signed-in user's saved places live in the account and its query.
import { useSyncExternalStore } from 'react'

import type { PropertySummary } from '@/contract/catalog'
import type { Favourite } from '@/contract/favourites'
import { DEVICE_ENTRIES, readDevice, removeDevice, subscribeDevice, writeDevice } from '@/lib/device-store'

/** The visitor's saved places, the latest first; stable between changes (an unreadable entry counts as none). */
export function readDeviceFavourites(): readonly Favourite[] {
  return readDevice(DEVICE_ENTRIES.savedPlaces)
}

function write(favourites: readonly Favourite[]): void {
  // Storage full or disabled: the heart shows what it was before.
  if (favourites.length === 0) removeDevice(DEVICE_ENTRIES.savedPlaces)
  else writeDevice(DEVICE_ENTRIES.savedPlaces, [...favourites])
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
  write([])
}

const subscribe = (onChange: () => void) => subscribeDevice(DEVICE_ENTRIES.savedPlaces, onChange)

/** The visitor's saved places; re-renders on every change, in this tab or another. None when prerendering. */
export function useDeviceFavourites(): readonly Favourite[] {
  return useSyncExternalStore(subscribe, readDeviceFavourites, () => DEVICE_ENTRIES.savedPlaces.fallback)
}
