// Every route's schemas by key, as one type: what `call` (src/lib/api-client.ts) checks a call against.
// Types only, so the client's chunks carry no schema.
import type { favouriteRoutes } from './favourites.ts'
import type { notificationRoutes } from './notifications.ts'

export type Api = typeof favouriteRoutes & typeof notificationRoutes

export type ApiRoute = keyof Api
