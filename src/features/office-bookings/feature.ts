// The back office's bookings (docs/product.md §12): the inbox of an agency's bookings (every booking for an
// administrator) and a booking's page with its decisions.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'office-bookings',
  application: 'backend',
  needs: [],
  screens: {
    inbox: { path: '/admin', module: 'inbox-page.tsx', export: 'InboxPage' },
    booking: { path: '/admin/bookings/$id', module: 'office-booking-page.tsx', export: 'OfficeBookingPage' },
  },
})
