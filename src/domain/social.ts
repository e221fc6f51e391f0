// Social sign-in's providers and the server's refusals (docs/product.md §7), shared by the client and the
// server; the routes' schemas are the contract's (src/contract/social.ts).

export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** The server's English texts for social sign-in refusals, for the client to map to its own translations. */
export const SOCIAL_MESSAGES = {
  notEnabled: 'This sign-in method is not enabled.',
  notVerified: 'The sign-in could not be verified. Please try again.',
  providerUnavailable: 'The sign-in provider could not be reached. Please try again.',
  /** `{provider}`: Google, Apple or Facebook. */
  noEmail: 'Your {provider} account did not share an email address.',
  notARenter: 'This account cannot sign in here.',
} as const
