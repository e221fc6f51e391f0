// The hearts and the saved places as the screens use them (docs/product.md §15). A visitor's live on the
// device (device-favourites.ts). A signed-in user's come from the account: a heart shows its change at once
// (a command in the outbox, folded over the account's list), waits on the device while there is no network,
// and is undone if the server refuses it; a list read before the server has a change shows it all the same.
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'

import type { Property, PropertySummary } from '@/contract/catalog'
import type { Favourite, Favourites } from '@/contract/favourites'
import { useSessionUser } from '@/entities/session/session'
import { useLanguage } from '@/i18n/language'
import { useOutbox, usePending, usePendingCommands } from '@/offline/outbox'

import { setDeviceFavourite, useDeviceFavourites } from './device-favourites'
import {
  addFavouritesCommand,
  type AddFavouritesPayload,
  favouriteFolds,
  setFavouriteCommand,
} from './favourite-commands'
import { favouritesQueryOptions, summaryOf } from './favourites-api'

export interface SavedPlaces {
  /** The saved places, the latest first; undefined while a signed-in user's list is not known yet. */
  items: readonly Favourite[] | undefined
  /** The account's list query (null for a visitor, whose list is on the device). */
  query: UseQueryResult<Favourites> | null
}

/** The saved places of whoever uses the app: the account's, with its pending writes, or the visitor's. */
export function useSavedPlaces(): SavedPlaces {
  const user = useSessionUser()
  const userId = user?._id ?? null
  const language = useLanguage()
  const device = useDeviceFavourites()
  const query = useQuery({ ...favouritesQueryOptions(userId ?? '', language), enabled: userId !== null })
  const folds = useMemo(() => favouriteFolds(userId ?? ''), [userId])
  const commands = usePendingCommands()
  const mine = commands.some((command) => command.payload.userId === userId)
  // Known once the server answered, or a command says what it will be.
  const server: readonly Favourite[] | undefined = query.data?.items ?? (mine ? [] : undefined)
  const shown = usePending(server, folds)
  if (userId === null) return { items: device, query: null }
  return { items: shown, query }
}

/** One property's heart: whether it is saved, and the tap that saves it or lets it go. */
export function useFavourite(property: PropertySummary | Property) {
  const user = useSessionUser()
  const { items } = useSavedPlaces()
  const outbox = useOutbox()
  const saved = items?.some((item) => item.property._id === property._id) ?? false
  const toggle = useCallback(() => {
    const favourite = !saved
    if (!user) {
      setDeviceFavourite(summaryOf(property), favourite)
      return
    }
    // A refusal is told by the outbox's toast, and the list read again (favourite-commands.ts).
    outbox
      .add(setFavouriteCommand, { userId: user._id, property: summaryOf(property), favourite })
      .catch(() => undefined)
  }, [saved, user, property, outbox])
  return { saved, toggle }
}

/** Keeps the visitor's saved places in the account (the offer at sign-in); the device forgets them. */
export function useKeepDevicePlaces() {
  const outbox = useOutbox()
  return (payload: AddFavouritesPayload) => {
    // Refused: back on the device, where the offer stands again (favourite-commands.ts).
    outbox.add(addFavouritesCommand, payload).catch(() => undefined)
  }
}
