// The settings feature's declaration (docs/architecture.md, A feature declares itself).
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'settings',
  needs: ['account'],
  screens: {
    settings: { path: '/settings', module: 'settings-page.tsx', export: 'SettingsPage' },
  },
})
