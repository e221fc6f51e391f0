// Account calls of SPEC §7 for the sign-in, sign-up, activation and password-reset screens. The request
// shapes are issue 3's contract; the signed-in user lives in src/lib/session.ts.
import type { Language } from '@/domain/enums'
import { apiFetch } from '@/lib/api-client'
import type { SessionUser } from '@/lib/session'

/** This app's application type in the API's paths (SPEC §1). */
const APP_TYPE = 'frontend'

const segment = (value: string) => encodeURIComponent(value)

export interface SignInRequest {
  email: string
  password: string
  stayConnected: boolean
}

export const signIn = (body: SignInRequest) =>
  apiFetch<SessionUser>(`/api/sign-in/${APP_TYPE}`, { method: 'POST', body })

export interface SignUpRequest {
  email: string
  password: string
  fullName: string
  /** YYYY-MM-DD */
  birthDate: string
  language: Language
  phone?: string
}

export const signUp = (body: SignUpRequest) => apiFetch('/api/sign-up', { method: 'POST', body })

/** Whether an e-mailed link's token is still good (activation and password reset). */
export const checkToken = (userId: string, email: string, token: string) =>
  apiFetch(`/api/check-token/${APP_TYPE}/${segment(userId)}/${segment(email)}/${segment(token)}`)

export interface ActivateRequest {
  userId: string
  token: string
  /** Only for accounts without a password yet, and for a password reset. */
  password?: string
}

/** Activates an account, or sets a new password with a reset link's token. May answer with the user. */
export const activate = (body: ActivateRequest) =>
  apiFetch<SessionUser | undefined>('/api/activate', { method: 'POST', body })

/** Sends the activation e-mail again, or (`passwordReset`) a password-reset e-mail. */
export const resend = (email: string, passwordReset: boolean) =>
  apiFetch(`/api/resend/${APP_TYPE}/${segment(email)}/${passwordReset}`, { method: 'POST' })
