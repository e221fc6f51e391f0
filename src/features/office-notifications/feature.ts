// The back office's notifications (docs/product.md §12, An agency's own notifications): a new booking, a
// cancellation request, its withdrawal, changed dates and the renter's messages, with their unread count in
// the navigation, marked read or unread and deleted as the renter's are.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'office-notifications',
  application: 'backend',
  needs: [],
  screens: {
    notifications: {
      path: '/admin/notifications',
      module: 'office-notifications-page.tsx',
      export: 'OfficeNotificationsPage',
    },
  },
})
