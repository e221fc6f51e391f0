// The back office's account calls: the same routes as the renter's screens, as the backend application
// (`appType` backend), whose accounts are agencies and administrators (docs/product.md §2).
import type { ChangePasswordRequest, UpdateUserRequest } from '@/contract/accounts'
import {
  activate,
  changePassword as changePasswordRoute,
  checkToken,
  resend,
  updateEmailNotifications,
  updateUser,
} from '@/contract/routes'
import type { StaffUser } from '@/entities/staff/staff-session'
import { call } from '@/lib/api-client'

const APP_TYPE = 'backend'

/** The password-reset e-mail, whose link leads to /admin/reset-password. */
export const sendResetLink = (email: string) =>
  call(resend, { params: { appType: APP_TYPE, email, isPasswordReset: 'true' } })

/** Whether a reset link's token is still good for a staff account. */
export const checkResetLink = (userId: string, email: string, token: string) =>
  call(checkToken, { params: { appType: APP_TYPE, userId, email, token } })

/** Sets the new password with the link's token; the server answers with the user, signed in. */
export const resetPassword = (body: { userId: string; token: string; password: string }) =>
  call(activate, { body }) as Promise<StaffUser>

export const changePassword = (body: ChangePasswordRequest) => call(changePasswordRoute, { body })

/** The agency's public contact (its name and phone, which a renter's booking page shows). */
export const updateContact = (body: UpdateUserRequest) => call(updateUser, { body }) as Promise<StaffUser>

/** Whether the account gets e-mail besides its notifications (a decision's e-mail to a renter always goes). */
export const setEmailNotifications = (_id: string, enableEmailNotifications: boolean) =>
  call(updateEmailNotifications, { body: { _id, enableEmailNotifications } }) as Promise<StaffUser>
