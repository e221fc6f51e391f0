// Query parameters of the back office's account screens.
import { officeRedirect } from '@/entities/staff/office-routes'
import { optionalString } from '@/lib/search-params'

export interface OfficeSignInParams {
  /** The back office's page to go back to once signed in. */
  redirect?: string
}

export const validateOfficeSignInParams = (raw: Record<string, unknown>): OfficeSignInParams => ({
  redirect: officeRedirect(raw.redirect),
})

/** The e-mailed reset link: `/admin/reset-password?u={userId}&e={email}&t={token}`. */
export interface ResetLinkParams {
  u?: string
  e?: string
  t?: string
}

export const validateResetLinkParams = (raw: Record<string, unknown>): ResetLinkParams => ({
  u: optionalString(raw.u, 64),
  e: optionalString(raw.e, 254),
  t: optionalString(raw.t, 512),
})
