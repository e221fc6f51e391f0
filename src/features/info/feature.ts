// The information feature's declaration (docs/architecture.md, A feature declares itself).
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'info',
  needs: ['account'],
  screens: {
    about: { path: '/about', module: 'about-page.tsx', export: 'AboutPage' },
    tos: { path: '/tos', module: 'tos-page.tsx', export: 'TosPage' },
    contact: { path: '/contact', module: 'contact-page.tsx', export: 'ContactPage' },
    privacy: { path: '/privacy', module: 'privacy-page.tsx', export: 'PrivacyPage' },
    cookiePolicy: {
      path: '/cookie-policy',
      module: 'cookie-policy-page.tsx',
      export: 'CookiePolicyPage',
    },
  },
})
