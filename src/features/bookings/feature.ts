// The bookings feature's declaration (docs/architecture.md, A feature declares itself). Its screens show a
// property's pieces too (src/lib/property-labels.ts, stay-dates.tsx), whose messages are the catalog's.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'bookings',
  needs: ['account', 'catalog'],
  writes: 'booking-mutation-definitions.ts',
  screens: {
    bookings: { path: '/bookings', module: 'bookings-page.tsx', export: 'BookingsPage' },
    booking: { path: '/booking', module: 'booking-page.tsx', export: 'BookingPage' },
  },
})
