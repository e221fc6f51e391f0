// The auth feature's routes: its screens as feature.ts declares them, with what only the client knows (their
// query parameters, who may open them). src/app/router.ts hangs them in the route tree.
import { createRoute } from '@tanstack/react-router'

import { rootRoute, screenComponent, screenPath, screenRoute } from '@/lib/screen-routes'

import auth from './feature'
import { validateEmailLinkParams, validateSignInScreenParams } from './search-params'

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(auth, 'signIn'),
  validateSearch: validateSignInScreenParams,
  staticData: { access: 'visitor' },
  component: screenComponent(auth, 'signIn'),
})

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(auth, 'signUp'),
  validateSearch: validateSignInScreenParams,
  staticData: { access: 'visitor' },
  component: screenComponent(auth, 'signUp'),
})

const activateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(auth, 'activate'),
  validateSearch: validateEmailLinkParams,
  component: screenComponent(auth, 'activate'),
})

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenPath(auth, 'resetPassword'),
  validateSearch: validateEmailLinkParams,
  component: screenComponent(auth, 'resetPassword'),
})

export const authRoutes = [
  signInRoute,
  signUpRoute,
  activateRoute,
  screenRoute(screenPath(auth, 'forgotPassword'), screenComponent(auth, 'forgotPassword')),
  resetPasswordRoute,
] as const
