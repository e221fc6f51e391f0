// Social sign-in, the public sign-in configuration, reCAPTCHA's check and the visitor's country
// (docs/product.md §7, §13): their routes' schemas. The providers and the refusals' texts are the domain's
// (src/domain/social.ts).
import { LANGUAGES } from '../domain/enums.ts'
import { SOCIAL_PROVIDERS } from '../domain/social.ts'
import { z } from '../domain/zod-mini.ts'
import { lineText, text } from './common.ts'
import type { RouteTable } from './route.ts'
import { authConfig, countryCode, socialSignIn, verifyRecaptcha } from './routes.ts'

/**
 * `token`: an ID token (Google, Apple) or a user access token (Facebook). `email` and `fullName` only fill gaps
 * the provider leaves (Apple sends the name once, on the first sign-in); a verified address from the provider
 * always wins.
 */
export const socialSignInSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  token: text().check(z.minLength(1), z.maxLength(8192)),
  email: z.optional(z.email().check(z.maxLength(254))),
  fullName: z.optional(lineText().check(z.minLength(1), z.maxLength(200))),
  language: z.optional(z.enum(LANGUAGES)),
  stayConnected: z.optional(z.boolean()),
})
export type SocialSignIn = z.infer<typeof socialSignInSchema>

/** Which widgets the client shows; each is null when that feature is off. */
export const authConfigSchema = z.object({
  recaptchaSiteKey: z.nullable(z.string()),
  social: z.object({
    google: z.nullable(z.string()),
    apple: z.nullable(z.string()),
    facebook: z.nullable(z.string()),
  }),
})
export type AuthConfig = z.infer<typeof authConfigSchema>

export const socialRoutes = {
  [authConfig]: { answer: authConfigSchema },
  /** The user and a session cookie, as password sign-in. */
  [socialSignIn]: { body: socialSignInSchema },
  /** `{ enabled: false }` when off, `{ enabled: true, success: true }` when passed. */
  [verifyRecaptcha]: {
    params: z.object({
      token: z.string().check(z.minLength(1), z.maxLength(4096)),
      ip: z.string().check(z.maxLength(100)),
    }),
    answer: z.object({ enabled: z.boolean(), success: z.optional(z.boolean()) }),
  },
  /** ISO 3166-1 alpha-2, or null. */
  [countryCode]: { answer: z.object({ countryCode: z.nullable(z.string()) }) },
} as const satisfies RouteTable
