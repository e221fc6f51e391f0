// Saved places' commands (src/offline/outbox.ts): keeping or letting go of one property, and keeping the
// places a visitor saved on the device (offered at sign-in). Written to the device when the user taps, sent in
// order with their operation ids, so a command sent again has no second effect. The lists show the ones still
// waiting (`FAVOURITE_FOLDS`); the hooks are in use-favourites.ts.
import type { QueryClient } from '@tanstack/react-query'

import type { PropertySummary } from '@/contract/catalog'
import type { AddFavouritesAnswer, Favourite, FavouriteAnswer, Favourites } from '@/contract/favourites'
import { addFavourites, setFavourite } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { type CommandKind, fold } from '@/offline/outbox'

import { restoreDeviceFavourites } from './device-favourites'
import { favouriteKeys } from './favourites-api'

export interface FavouritePayload {
  userId: string
  /** The card's fields, shown at once in the saved places before the server answers. */
  property: PropertySummary
  favourite: boolean
}

export interface AddFavouritesPayload {
  userId: string
  places: Favourite[]
}

const isRecord = (value: unknown) => typeof value === 'object' && value !== null
const isPlaceList = (value: unknown) =>
  Array.isArray(value) && value.every((place) => isRecord(place) && isRecord((place as Favourite).property))

/** The list once `payload` is made: kept first (with the date of now), or left out. */
export function applySet(
  items: readonly Favourite[],
  { property, favourite }: FavouritePayload,
): Favourite[] {
  const others = items.filter((item) => item.property._id !== property._id)
  if (!favourite) return others
  const kept = items.find((item) => item.property._id === property._id)
  return kept ? [...items] : [{ property, savedAt: new Date().toISOString() }, ...others]
}

export function applyAdd(items: readonly Favourite[], { places }: AddFavouritesPayload): Favourite[] {
  const known = new Set(items.map((item) => item.property._id))
  const added = places.filter((place) => !known.has(place.property._id))
  return [...items, ...added].sort((a, b) => b.savedAt.localeCompare(a.savedAt))
}

/** Every cached list of the user's (each language) as `apply` makes it. */
function updateLists(
  queryClient: QueryClient,
  userId: string,
  apply: (items: readonly Favourite[]) => Favourite[],
): void {
  queryClient.setQueriesData<Favourites>({ queryKey: favouriteKeys.user(userId) }, (list) =>
    list ? { ...list, items: apply(list.items) } : list,
  )
}

/** Refused: the screens take the server's list again. */
const readAgain = (queryClient: QueryClient, { userId }: { userId: string }) =>
  queryClient.invalidateQueries({ queryKey: favouriteKeys.user(userId) })

export const setFavouriteCommand: CommandKind<FavouritePayload, FavouriteAnswer> = {
  type: 'favourites.set',
  payload: {
    userId: '',
    property: (value) => isRecord(value) && typeof (value as { _id?: unknown })._id === 'string',
    favourite: false,
  },
  send: ({ userId, property, favourite }, operationId) =>
    call(setFavourite, { params: { userId, propertyId: property._id }, body: { favourite, operationId } }),
  settle: (queryClient, payload) =>
    updateLists(queryClient, payload.userId, (items) => applySet(items, payload)),
  refused: readAgain,
}

export const addFavouritesCommand: CommandKind<AddFavouritesPayload, AddFavouritesAnswer> = {
  type: 'favourites.add',
  payload: { userId: '', places: isPlaceList },
  send: ({ userId, places }, operationId) =>
    call(addFavourites, {
      params: { userId },
      body: { propertyIds: places.map((place) => place.property._id), operationId },
    }),
  settle: (queryClient, payload) =>
    updateLists(queryClient, payload.userId, (items) => applyAdd(items, payload)),
  // The places go back to the device, where the offer to keep them stands again.
  refused: (queryClient, payload) => {
    restoreDeviceFavourites(payload.places)
    return readAgain(queryClient, payload)
  },
}

/** Its kinds, for the outbox to send the ones a page before this one left (src/app/outbox-commands.ts). */
export const COMMAND_KINDS = [setFavouriteCommand, addFavouritesCommand] as const

/** A user's saved places as they will be once the server has the commands still waiting. */
export function favouriteFolds(userId: string) {
  return [
    fold(setFavouriteCommand, (items: readonly Favourite[], payload) =>
      payload.userId === userId ? applySet(items, payload) : items,
    ),
    fold(addFavouritesCommand, (items: readonly Favourite[], payload) =>
      payload.userId === userId ? applyAdd(items, payload) : items,
    ),
  ]
}
