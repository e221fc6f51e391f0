// The bookings feature's declaration (docs/architecture.md, A feature declares itself). Its screens show a
// property's labels and the stay's dates too (src/entities), whose messages are the entities' catalog.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'bookings',
  needs: ['account', 'entities'],
  screens: {
    bookings: { path: '/bookings', module: 'bookings-page.tsx', export: 'BookingsPage' },
    booking: { path: '/booking', module: 'booking-page.tsx', export: 'BookingPage' },
  },
})
