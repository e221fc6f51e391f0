// The back office's account screens, as feature.ts declares them, on the back office's root
// (src/entities/staff/office-routes.ts), with who may open them.
import { createRoute } from '@tanstack/react-router'

import { officeRootRoute } from '@/entities/staff/office-routes'
import { screenComponent, screenPath } from '@/lib/screen-routes'

import account from './feature'
import { validateOfficeSignInParams, validateResetLinkParams } from './search-params'

export const officeAccountRoutes = [
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(account, 'signIn'),
    validateSearch: validateOfficeSignInParams,
    staticData: { access: 'visitor' },
    component: screenComponent(account, 'signIn'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(account, 'forgotPassword'),
    staticData: { access: 'visitor' },
    component: screenComponent(account, 'forgotPassword'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(account, 'resetPassword'),
    validateSearch: validateResetLinkParams,
    component: screenComponent(account, 'resetPassword'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(account, 'activate'),
    validateSearch: validateResetLinkParams,
    component: screenComponent(account, 'activate'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(account, 'account'),
    staticData: { access: 'signed-in' },
    component: screenComponent(account, 'account'),
  }),
] as const
