// Where a visitor was going when they signed up (a checkout, say). Sign-up sends them off to their mailbox;
// the activation link they follow later opens /activate, which then offers to lead them back there. Kept in
// this device's storage, for the address that signed up, since the link may open in another tab.
import { safeRedirect } from './search-params'

const KEY = 'after-activation'

export function rememberAfterActivation(email: string, path: string | undefined): void {
  try {
    if (path) localStorage.setItem(KEY, JSON.stringify({ email: email.toLowerCase(), path }))
    else localStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode, full): the renter lands on the home page instead.
  }
}

/** The path remembered for `email`, if any. */
export function afterActivationPath(email: string | undefined): string | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as {
      email?: unknown
      path?: unknown
    } | null
    if (!stored || !email || stored.email !== email.toLowerCase()) return undefined
    return safeRedirect(stored.path)
  } catch {
    return undefined
  }
}

export function forgetAfterActivation(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Nothing was kept.
  }
}
