// Every route's schemas by key, as one type: what `call` (src/lib/api-client.ts) checks a call against.
// Types only, so the client's chunks carry no schema.
import type { accountRoutes } from './accounts.ts'
import type { adminRoutes } from './admin.ts'
import type { backOfficeRoutes } from './back-office.ts'
import type { bookingRoutes } from './bookings.ts'
import type { catalogRoutes } from './catalog.ts'
import type { contactRoutes } from './contact.ts'
import type { favouriteRoutes } from './favourites.ts'
import type { healthRoutes } from './health.ts'
import type { listingRoutes } from './listings.ts'
import type { mapRoutes } from './map.ts'
import type { notificationRoutes } from './notifications.ts'
import type { paymentRoutes } from './payments.ts'
import type { ratesRoutes } from './rates.ts'
import type { socialRoutes } from './social.ts'
import type { userRoutes } from './users.ts'

export type Api = typeof healthRoutes &
  typeof ratesRoutes &
  typeof mapRoutes &
  typeof contactRoutes &
  typeof favouriteRoutes &
  typeof notificationRoutes &
  typeof socialRoutes &
  typeof bookingRoutes &
  typeof backOfficeRoutes &
  typeof listingRoutes &
  typeof paymentRoutes &
  typeof accountRoutes &
  typeof userRoutes &
  typeof catalogRoutes &
  typeof adminRoutes

export type ApiRoute = keyof Api
