// Social sign-in and the public sign-in configuration, shared by the client and the server
// (docs/product.md §7).
import { z } from 'zod'

import { LANGUAGES } from './enums.ts'
import { lineText, text } from './text.ts'

export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/**
 * POST /api/social-sign-in. `token`: an ID token (Google, Apple) or a user access token (Facebook). `email`
 * and `fullName` only fill gaps the provider leaves (Apple sends the name once, on the first sign-in); a
 * verified address from the provider always wins.
 */
export const socialSignInSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  token: text().min(1).max(8192),
  email: z.email().max(254).optional(),
  fullName: lineText().min(1).max(200).optional(),
  language: z.enum(LANGUAGES).optional(),
  stayConnected: z.boolean().optional(),
})
export type SocialSignIn = z.infer<typeof socialSignInSchema>

/** GET /api/auth-config: which widgets the client shows; each is null when that feature is off. */
export const authConfigSchema = z.object({
  recaptchaSiteKey: z.string().nullable(),
  social: z.object({
    google: z.string().nullable(),
    apple: z.string().nullable(),
    facebook: z.string().nullable(),
  }),
})
export type AuthConfig = z.infer<typeof authConfigSchema>

/** POST /api/verify-recaptcha/{token}/{ip}: `{ enabled: false }` when off, `{ enabled: true, success: true }` when passed. */
export const recaptchaResultSchema = z.object({ enabled: z.boolean(), success: z.boolean().optional() })

/** The server's English texts for social sign-in refusals, for the client to map to its own translations. */
export const SOCIAL_MESSAGES = {
  notEnabled: 'This sign-in method is not enabled.',
  notVerified: 'The sign-in could not be verified. Please try again.',
  providerUnavailable: 'The sign-in provider could not be reached. Please try again.',
  /** `{provider}`: Google, Apple or Facebook. */
  noEmail: 'Your {provider} account did not share an email address.',
  notARenter: 'This account cannot sign in here.',
} as const
