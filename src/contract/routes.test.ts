// The contract's two halves agree: every route key of routes.ts has its schemas in exactly one resource's
// table, and every table's key is one of routes.ts, so no path is written anywhere else.
import { describe, expect, it } from 'vitest'

import { accountRoutes } from './accounts.ts'
import { adminRoutes } from './admin.ts'
import { backOfficeRoutes } from './back-office.ts'
import { bookingRoutes } from './bookings.ts'
import { catalogRoutes } from './catalog.ts'
import { contactRoutes } from './contact.ts'
import { favouriteRoutes } from './favourites.ts'
import { healthRoutes } from './health.ts'
import { listingRoutes } from './listings.ts'
import { mapRoutes } from './map.ts'
import { notificationRoutes } from './notifications.ts'
import { paymentRoutes } from './payments.ts'
import { ratesRoutes } from './rates.ts'
import * as routes from './routes.ts'
import { socialRoutes } from './social.ts'
import { userRoutes } from './users.ts'

const TABLES = [
  healthRoutes,
  ratesRoutes,
  mapRoutes,
  contactRoutes,
  favouriteRoutes,
  notificationRoutes,
  socialRoutes,
  bookingRoutes,
  backOfficeRoutes,
  listingRoutes,
  paymentRoutes,
  accountRoutes,
  userRoutes,
  catalogRoutes,
  adminRoutes,
]

describe('the route table', () => {
  it('gives each key of routes.ts its schemas in one table, and holds no other key', () => {
    const tabled = TABLES.flatMap((table) => Object.keys(table))
    expect(tabled.toSorted()).toEqual(Object.values(routes).toSorted())
    expect(new Set(tabled).size).toBe(tabled.length)
  })

  it('writes each method and path once', () => {
    const keys = Object.values(routes)
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/[\w/:-]+$/)
  })
})
