// The notifications feature's declaration (docs/architecture.md, A feature declares itself). The header shows
// its bell on every page: the bell's messages are the shell's.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'notifications',
  needs: [],
  inTheShell: ['components/notification-bell.tsx'],
  screens: {
    notifications: { path: '/notifications', module: 'notifications-page.tsx', export: 'NotificationsPage' },
  },
})
