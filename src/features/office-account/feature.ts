// The back office's account screens (docs/architecture.md, The back office): sign-in, a forgotten password,
// the reset link's page, the activation link's page and the account's own page (its password), for agencies and administrators.
import { defineFeature } from '../../domain/feature-declaration.ts'

export default defineFeature({
  name: 'office-account',
  application: 'backend',
  needs: ['account'],
  screens: {
    signIn: { path: '/admin/sign-in', module: 'office-sign-in-page.tsx', export: 'OfficeSignInPage' },
    forgotPassword: {
      path: '/admin/forgot-password',
      module: 'office-forgot-password-page.tsx',
      export: 'OfficeForgotPasswordPage',
    },
    resetPassword: {
      path: '/admin/reset-password',
      module: 'office-reset-password-page.tsx',
      export: 'OfficeResetPasswordPage',
    },
    activate: {
      path: '/admin/activate',
      module: 'office-activate-page.tsx',
      export: 'OfficeActivatePage',
    },
    account: { path: '/admin/account', module: 'office-account-page.tsx', export: 'OfficeAccountPage' },
  },
})
