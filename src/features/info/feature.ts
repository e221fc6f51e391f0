// The information feature's declaration (docs/architecture.md, A feature declares itself).
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'info',
  needs: ['account'],
  screens: {
    about: { path: '/about', module: 'about-page.tsx', export: 'AboutPage', head: 'ABOUT_HEAD' },
    tos: { path: '/tos', module: 'tos-page.tsx', export: 'TosPage', head: 'TOS_HEAD' },
    contact: { path: '/contact', module: 'contact-page.tsx', export: 'ContactPage', head: 'CONTACT_HEAD' },
    privacy: { path: '/privacy', module: 'privacy-page.tsx', export: 'PrivacyPage', head: 'PRIVACY_HEAD' },
    cookiePolicy: {
      path: '/cookie-policy',
      module: 'cookie-policy-page.tsx',
      export: 'CookiePolicyPage',
      head: 'COOKIE_POLICY_HEAD',
    },
  },
})
