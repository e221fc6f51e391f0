// The auth feature's declaration (docs/architecture.md, A feature declares itself): its screens and catalog.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'auth',
  needs: ['account'],
  screens: {
    signIn: { path: '/sign-in', module: 'sign-in-page.tsx', export: 'SignInPage' },
    signUp: { path: '/sign-up', module: 'sign-up-page.tsx', export: 'SignUpPage' },
    activate: { path: '/activate', module: 'activate-page.tsx', export: 'ActivatePage' },
    forgotPassword: {
      path: '/forgot-password',
      module: 'forgot-password-page.tsx',
      export: 'ForgotPasswordPage',
    },
    resetPassword: {
      path: '/reset-password',
      module: 'reset-password-page.tsx',
      export: 'ResetPasswordPage',
    },
  },
})
