// Where a visitor was going when they signed up (a checkout, say). Sign-up sends them off to their mailbox;
// the activation link they follow later opens /activate, which then offers to lead them back there. Kept in
// this device's storage (src/lib/device-store.ts), for the address that signed up, since the link may open in
// another tab.
import { DEVICE_ENTRIES, readDevice, removeDevice, writeDevice } from '@/lib/device-store'

import { safeRedirect } from './search-params'

export function rememberAfterActivation(email: string, path: string | undefined): void {
  // Storage refused (private mode, full): the renter lands on the home page instead.
  if (path) writeDevice(DEVICE_ENTRIES.afterActivation, { email: email.toLowerCase(), path })
  else removeDevice(DEVICE_ENTRIES.afterActivation)
}

/** The path remembered for `email`, if any. */
export function afterActivationPath(email: string | undefined): string | undefined {
  const stored = readDevice(DEVICE_ENTRIES.afterActivation)
  if (!stored || !email || stored.email !== email.toLowerCase()) return undefined
  return safeRedirect(stored.path)
}

export function forgetAfterActivation(): void {
  removeDevice(DEVICE_ENTRIES.afterActivation)
}
