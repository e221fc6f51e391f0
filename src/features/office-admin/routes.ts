// The administration's screens, as feature.ts declares them, on the back office's root: each needs a staff
// session, and the server answers an administrator's only (403 admin_only otherwise).
import { createRoute } from '@tanstack/react-router'

import { officeRootRoute } from '@/entities/staff/office-routes'
import { screenComponent, screenPath } from '@/lib/screen-routes'

import admin from './feature'
import { validateAgenciesParams, validateUsersParams } from './search-params'

const signedIn = { access: 'signed-in' } as const

export const officeAdminRoutes = [
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'overview'),
    staticData: signedIn,
    component: screenComponent(admin, 'overview'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'users'),
    validateSearch: validateUsersParams,
    staticData: signedIn,
    component: screenComponent(admin, 'users'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'user'),
    staticData: signedIn,
    component: screenComponent(admin, 'user'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'agencies'),
    validateSearch: validateAgenciesParams,
    staticData: signedIn,
    component: screenComponent(admin, 'agencies'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'newAgency'),
    staticData: signedIn,
    component: screenComponent(admin, 'newAgency'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'agency'),
    staticData: signedIn,
    component: screenComponent(admin, 'agency'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'places'),
    staticData: signedIn,
    component: screenComponent(admin, 'places'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'country'),
    staticData: signedIn,
    component: screenComponent(admin, 'country'),
  }),
  createRoute({
    getParentRoute: () => officeRootRoute,
    path: screenPath(admin, 'location'),
    staticData: signedIn,
    component: screenComponent(admin, 'location'),
  }),
] as const
