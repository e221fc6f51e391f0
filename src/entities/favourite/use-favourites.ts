// The hearts and the saved places as the screens use them (docs/product.md §15). A visitor's live on the
// device (device-favourites.ts). A signed-in user's come from the account: a heart shows its change at once
// (optimistic, in every cached list of the user's), waits in the offline queue while there is no network,
// and is undone if the server refuses it; a list read before the server has a change shows it all the same.
import {
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query'
import { useCallback } from 'react'

import type { Property, PropertySummary } from '@/contract/catalog'
import type { Favourite, Favourites } from '@/contract/favourites'
import { useSessionUser } from '@/entities/session/session'
import { useLanguage } from '@/i18n/language'
import {
  mutationOptionsOf,
  refreshWhenLastSettled,
  usePendingWrites,
  withOperationId,
} from '@/offline/mutations'

import { restoreDeviceFavourites, setDeviceFavourite, useDeviceFavourites } from './device-favourites'
import {
  addFavouritesMutation,
  type AddFavouritesVariables,
  type FavouriteVariables,
  setFavouriteMutation,
} from './favourite-mutation-definitions'
import { favouriteKeys, favouritesQueryOptions, summaryOf } from './favourites-api'

/** Every saved-places write's key starts with this (favourite-mutation-definitions.ts). */
const FAVOURITE_MUTATIONS = favouriteKeys.all()

/** The list once `variables` is made: kept first (with the date of now), or left out. */
function applySet(items: readonly Favourite[], { property, favourite }: FavouriteVariables): Favourite[] {
  const others = items.filter((item) => item.property._id !== property._id)
  if (!favourite) return others
  const kept = items.find((item) => item.property._id === property._id)
  return kept ? [...items] : [{ property, savedAt: new Date().toISOString() }, ...others]
}

function applyAdd(items: readonly Favourite[], { places }: AddFavouritesVariables): Favourite[] {
  const known = new Set(items.map((item) => item.property._id))
  const added = places.filter((place) => !known.has(place.property._id))
  return [...items, ...added].sort((a, b) => b.savedAt.localeCompare(a.savedAt))
}

type Write = { mutationKey: readonly unknown[]; variables: FavouriteVariables | AddFavouritesVariables }

function applyWrite(items: readonly Favourite[], { mutationKey, variables }: Write): Favourite[] {
  return mutationKey[1] === 'add'
    ? applyAdd(items, variables as AddFavouritesVariables)
    : applySet(items, variables as FavouriteVariables)
}

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
  const writes = usePendingWrites<FavouriteVariables | AddFavouritesVariables>(FAVOURITE_MUTATIONS)
  if (userId === null) return { items: device, query: null }
  const mine = writes.filter(({ variables }) => variables.userId === userId)
  const items =
    query.data === undefined && mine.length === 0
      ? undefined
      : mine.reduce(applyWrite, query.data?.items ?? [])
  return { items, query }
}

/** Applies a change to every cached list of the user's (each language); answers what they were. */
async function applyOptimistically(
  queryClient: QueryClient,
  variables: FavouriteVariables,
): Promise<[readonly unknown[], Favourites | undefined][]> {
  const filters = { queryKey: favouriteKeys.user(variables.userId) }
  await queryClient.cancelQueries(filters)
  const before = queryClient.getQueriesData<Favourites>(filters)
  queryClient.setQueriesData<Favourites>(filters, (list) =>
    list ? { ...list, items: applySet(list.items, variables) } : list,
  )
  return before
}

function useSetFavourite() {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(setFavouriteMutation),
    onMutate: (variables) => applyOptimistically(queryClient, variables),
    // Refused: every list as it was (the toast of src/offline/mutations.ts says why).
    onError: (_error, _variables, before) => {
      for (const [queryKey, list] of before ?? []) queryClient.setQueryData(queryKey, list)
    },
    // The server's list leaves out the changes still queued behind this one: it waits for the last.
    onSettled: (_answer, _error, { userId }) =>
      refreshWhenLastSettled(queryClient, FAVOURITE_MUTATIONS, favouriteKeys.user(userId)),
  })
}

/** One property's heart: whether it is saved, and the tap that saves it or lets it go. */
export function useFavourite(property: PropertySummary | Property) {
  const user = useSessionUser()
  const { items } = useSavedPlaces()
  const setFavourite = useSetFavourite()
  const saved = items?.some((item) => item.property._id === property._id) ?? false
  const toggle = useCallback(() => {
    const favourite = !saved
    if (!user) {
      setDeviceFavourite(summaryOf(property), favourite)
      return
    }
    setFavourite.mutate(withOperationId({ userId: user._id, property: summaryOf(property), favourite }))
  }, [saved, user, property, setFavourite])
  return { saved, toggle }
}

/** Keeps the visitor's saved places in the account (the offer at sign-in); the device forgets them. */
export function useKeepDevicePlaces() {
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptionsOf(addFavouritesMutation),
    // Refused: back on the device, where the offer stands again.
    onError: (_error, { places }) => restoreDeviceFavourites(places),
    onSettled: (_answer, _error, { userId }) =>
      refreshWhenLastSettled(queryClient, FAVOURITE_MUTATIONS, favouriteKeys.user(userId)),
  })
}
