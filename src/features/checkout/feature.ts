// The checkout feature's declaration (docs/architecture.md, A feature declares itself).
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'checkout',
  needs: ['account'],
  screens: {
    checkout: { path: '/checkout', module: 'checkout-page.tsx', export: 'CheckoutPage' },
    session: {
      path: '/checkout-session/$sessionId',
      module: 'checkout-session-page.tsx',
      export: 'CheckoutSessionPage',
    },
  },
})
