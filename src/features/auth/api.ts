// Account calls of docs/product.md §13 for the sign-in, sign-up, activation and password-reset screens, the
// social sign-in buttons and the activation strip under the header, each called by its contract key
// (src/contract/accounts.ts, whose schemas the server checks them with); the signed-in user lives in
// src/entities/session/session.ts.
import { queryOptions } from '@tanstack/react-query'

import type { ActivateRequest, SignInRequest, SignUpRequest } from '@/contract/accounts'
import {
  activate as activateRoute,
  checkToken as checkTokenRoute,
  resend as resendRoute,
  resendLink,
  signIn as signInRoute,
  signUp as signUpRoute,
  socialSignIn as socialSignInRoute,
} from '@/contract/routes'
import type { SocialSignIn } from '@/contract/social'
import type { SessionUser } from '@/entities/session/session'
import { call } from '@/lib/api-client'
import { KEY_ROOTS } from '@/lib/query-keys'

/** This app's application type in the API's paths (docs/product.md §1). */
const APP_TYPE = 'frontend'

export const signIn = (body: SignInRequest) => call(signInRoute, { params: { appType: APP_TYPE }, body })

/** Signs in with a provider's token (docs/product.md §7), as the e-mail sign-in does. */
export const socialSignIn = (body: SocialSignIn) =>
  // The answer is the signed-in user, which the route does not describe by a schema (yet).
  call(socialSignInRoute, { body }) as Promise<SessionUser>

export type { SignUpRequest }

export const signUp = (body: SignUpRequest) => call(signUpRoute, { body })

/**
 * Whether an e-mailed link's token is still good (activation and password reset), whether its account has
 * a password of its owner's yet, and whether it is activated with the one typed at sign-up (which the browser
 * that signed up need not send).
 */
export const checkToken = (userId: string, email: string, token: string) =>
  call(checkTokenRoute, { params: { appType: APP_TYPE, userId, email, token } })

export const authKeys = {
  /** Not persisted: a link is checked on the visit that opens it. */
  checkTokens: () => [KEY_ROOTS.checkToken] as const,
  checkToken: (userId?: string, email?: string, token?: string) =>
    [...authKeys.checkTokens(), userId, email, token] as const,
}

/** The link's parts as its page read them (any may be missing); read once per visit, not refreshed. */
export const checkTokenQueryOptions = (userId?: string, email?: string, token?: string) =>
  queryOptions({
    queryKey: authKeys.checkToken(userId, email, token),
    queryFn: () => checkToken(userId ?? '', email ?? '', token ?? ''),
    retry: false,
    staleTime: Infinity,
  })

export type { ActivateRequest }

/** Activates an account, or sets a new password with a reset link's token; answers with the user, signed in. */
export const activate = (body: ActivateRequest) => call(activateRoute, { body })

/** Sends the activation e-mail again, or (`passwordReset`) a password-reset e-mail. */
export const resend = (email: string, passwordReset: boolean) =>
  call(resendRoute, {
    params: { appType: APP_TYPE, email, isPasswordReset: passwordReset ? 'true' : 'false' },
  })

/**
 * Signed in, no body: the activation e-mail again, to the user's own address; `sent` is false when the
 * account was activated meanwhile.
 */
export const resendActivationLink = () => call(resendLink, { body: undefined })
