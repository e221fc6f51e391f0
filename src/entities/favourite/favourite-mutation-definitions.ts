// Saved places' replayable writes (src/offline/mutations.ts): keeping or letting go of one property, and
// keeping the places a visitor saved on the device (offered at sign-in). Defined at module load
// (src/app/replayable-mutations.ts imports this file), so a heart tapped offline stays queued, survives a
// reload and is sent once the connection returns, with its operation id: a replay has no second effect. The
// hooks with their optimistic updates are in use-favourites.ts.
import type { PropertySummary } from '@/contract/catalog'
import type { AddFavouritesAnswer, Favourite, FavouriteAnswer } from '@/contract/favourites'
import { addFavourites, setFavourite } from '@/contract/routes'
import { call } from '@/lib/api-client'
import { defineMutation } from '@/offline/mutations'

import { restoreDeviceFavourites } from './device-favourites'
import { favouriteKeys } from './favourites-api'

export interface FavouriteVariables {
  userId: string
  /** The card's fields, shown at once in the saved places before the server answers. */
  property: PropertySummary
  favourite: boolean
}

export interface AddFavouritesVariables {
  userId: string
  places: Favourite[]
}

export const setFavouriteMutation = defineMutation<FavouriteVariables, FavouriteAnswer>(
  [...favouriteKeys.all(), 'set'],
  ({ userId, property, favourite, operationId }) =>
    call(setFavourite, { params: { userId, propertyId: property._id }, body: { favourite, operationId } }),
  {
    // Refused after a reload: the screens take the server's list again.
    onRefused: ({ userId }, queryClient) =>
      queryClient.invalidateQueries({ queryKey: favouriteKeys.user(userId) }),
  },
)

export const addFavouritesMutation = defineMutation<AddFavouritesVariables, AddFavouritesAnswer>(
  [...favouriteKeys.all(), 'add'],
  ({ userId, places, operationId }) =>
    call(addFavourites, {
      params: { userId },
      body: { propertyIds: places.map((place) => place.property._id), operationId },
    }),
  {
    // The places go back to the device, where the offer to keep them stands again.
    onRefused: ({ userId, places }, queryClient) => {
      restoreDeviceFavourites(places)
      return queryClient.invalidateQueries({ queryKey: favouriteKeys.user(userId) })
    },
  },
)
