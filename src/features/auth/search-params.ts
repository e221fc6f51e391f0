// Query parameters of the account screens.
import { optionalString } from '@/lib/search-params'

export interface SignInScreenParams {
  /** Where to go once signed in: a path of this app (never another origin). */
  redirect?: string
}

/** Only same-origin paths: `/bookings?x=1`, not `//evil.example` or `https://…`. */
export function safeRedirect(value: unknown): string | undefined {
  const path = optionalString(value, 2000)
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined
  return path
}

export function validateSignInScreenParams(raw: Record<string, unknown>): SignInScreenParams {
  return { redirect: safeRedirect(raw.redirect) }
}

/** An e-mailed link: `/activate?u={userId}&e={email}&t={token}`, and the same for `/reset-password`. */
export interface EmailLinkParams {
  u?: string
  e?: string
  t?: string
}

export function validateEmailLinkParams(raw: Record<string, unknown>): EmailLinkParams {
  return { u: optionalString(raw.u, 64), e: optionalString(raw.e, 254), t: optionalString(raw.t, 512) }
}
