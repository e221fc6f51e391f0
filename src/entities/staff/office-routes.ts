// The back office's route tree's root (src/back-office composes the tree), below the features so that the
// back office's features (application `backend` in their feature.ts) can hang their screens on it. Its guard
// reads the same `staticData.access` as the renter's routes (src/lib/route-access.ts), against the staff
// session: a page under /admin needs an agency's or an administrator's session.
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, redirect } from '@tanstack/react-router'

import { isLanguage, type Language } from '@/domain/enums'
import { currentLanguage } from '@/i18n/language'
import { switchLanguage } from '@/lib/chosen-language'
import { accessOf, type RouteAccess } from '@/lib/route-access'

import { staffSessionQueryOptions } from './staff-session'

export interface OfficeContext {
  queryClient: QueryClient
}

/** Where the back office starts, and its sign-in. */
export const OFFICE_HOME = '/admin'
export const OFFICE_SIGN_IN = '/admin/sign-in'
/** An administrator's first screen: the platform at a glance (docs/product.md §16). */
export const ADMIN_HOME = '/admin/overview'

/** Where a staff member lands after signing in with nowhere else to go: an agency's inbox, an administrator's overview. */
export const homeOf = (user: { type: string }): string => (user.type === 'ADMIN' ? ADMIN_HOME : OFFICE_HOME)

/** Only a path of the back office: `/admin/bookings/3`, not `/search` nor `//evil.example`. */
export function officeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined
  return value === OFFICE_HOME || value.startsWith(`${OFFICE_HOME}/`) || value.startsWith(`${OFFICE_HOME}?`)
    ? value
    : undefined
}

/**
 * Where a navigation must go instead, or null: a visitor to a page that needs a session goes to sign-in
 * (and comes back afterwards), a signed-in staff member to a visitor's page (sign-in) goes to the inbox.
 */
export function staffAccessRedirect(access: RouteAccess | undefined, signedIn: boolean, href: string) {
  if (access === 'signed-in' && !signedIn)
    return `${OFFICE_SIGN_IN}?${new URLSearchParams({ redirect: href }).toString()}`
  if (access === 'visitor' && signedIn) return OFFICE_HOME
  return null
}

export const officeRootRoute = createRootRouteWithContext<OfficeContext>()({
  validateSearch: (raw: Record<string, unknown>): { l?: Language } => (isLanguage(raw.l) ? { l: raw.l } : {}),
  beforeLoad: async ({ search, matches, location, context }) => {
    if (search.l && search.l !== currentLanguage()) await switchLanguage(search.l)
    const access = accessOf(matches)
    if (!access) return
    const staff = await context.queryClient.ensureQueryData(staffSessionQueryOptions())
    const to = staffAccessRedirect(access, staff !== null, location.href)
    if (to) throw redirect({ href: to, replace: true })
  },
})
