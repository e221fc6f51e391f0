// The back office's calendar (docs/product.md §12): a month of one property's, or of every property of the
// agency's (all for an administrator), held nights: its bookings by status, each day opening its booking,
// and the nights the agency closed (an owner's stay, works), which it closes and opens again here.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'office-calendar',
  application: 'backend',
  // `account`: the closing form's field and refusal texts.
  needs: ['account'],
  screens: {
    calendar: { path: '/admin/calendar', module: 'calendar-page.tsx', export: 'CalendarPage' },
  },
})
