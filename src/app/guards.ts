// Route guards: screens of a signed-in user send a visitor to sign-in, who comes back afterwards.
import { redirect } from '@tanstack/react-router'

import { readSessionUser } from '@/lib/session'

/**
 * Screens that need a signed-in user (docs/product.md §2: bookings, settings and notifications; and the
 * checkout).
 */
export const GUARDED_PATHS = ['/bookings', '/booking', '/settings', '/notifications', '/checkout'] as const

export function isGuardedPath(pathname: string): boolean {
  return (GUARDED_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/')
}

/** `beforeLoad` of a guarded route: a visitor goes to /sign-in?redirect=<where they were going>. */
export function requireUser({ location }: { location: { href: string } }): void {
  if (!readSessionUser()) throw redirect({ to: '/sign-in', search: { redirect: location.href } })
}

/** `beforeLoad` of sign-in and sign-up: a signed-in user has nothing to do there. */
export function requireVisitor(): void {
  if (readSessionUser()) throw redirect({ to: '/' })
}
