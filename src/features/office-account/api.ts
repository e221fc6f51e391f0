// The back office's account calls: the same routes as the renter's screens, as the backend application
// (`appType` backend), whose accounts are agencies and administrators (docs/product.md §2).
import type { ChangePasswordRequest } from '@/contract/accounts'
import type { StaffUser } from '@/entities/staff/staff-session'
import { apiFetch } from '@/lib/api-client'

const APP_TYPE = 'backend'
const segment = (value: string) => encodeURIComponent(value)

/** The password-reset e-mail, whose link leads to /admin/reset-password. */
export const sendResetLink = (email: string) =>
  apiFetch<{ sent: boolean }>(`/api/resend/${APP_TYPE}/${segment(email)}/true`, { method: 'POST' })

/** Whether a reset link's token is still good for a staff account. */
export const checkResetLink = (userId: string, email: string, token: string) =>
  apiFetch<{ valid: true }>(
    `/api/check-token/${APP_TYPE}/${segment(userId)}/${segment(email)}/${segment(token)}`,
  )

/** Sets the new password with the link's token; the server answers with the user, signed in. */
export const resetPassword = (body: { userId: string; token: string; password: string }) =>
  apiFetch<StaffUser>('/api/activate', { method: 'POST', body })

export const changePassword = (body: ChangePasswordRequest) =>
  apiFetch('/api/change-password', { method: 'POST', body })
