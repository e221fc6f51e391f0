// Every API route's method and path, written here and nowhere else (docs/api.md describes them): the server
// registers each from its key (server/routes/contract.ts), the client calls it by the same key
// (`call` in src/lib/api-client.ts). Plain strings, one export each, so a chunk carries only the paths it
// calls; each resource's module of this folder gives a key its schemas.
import type { RouteKey } from './route.ts'

// Saved places (./favourites.ts)
export const listFavourites = 'GET /api/favourites/:userId/:language' satisfies RouteKey
export const setFavourite = 'POST /api/favourite/:userId/:propertyId' satisfies RouteKey
export const addFavourites = 'POST /api/add-favourites/:userId' satisfies RouteKey

