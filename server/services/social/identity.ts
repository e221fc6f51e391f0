// What a social provider vouches for once its token is verified, and the refusals every provider shares.
import { API_ERROR_CODES } from '../../../src/domain/errors.ts'
import { SOCIAL_MESSAGES, type SocialProvider } from '../../../src/domain/social.ts'
import { HttpError } from '../../errors.ts'

export interface SocialIdentity {
  provider: SocialProvider
  /** The provider's stable id for the person. */
  subject: string
  /** Only when the provider says the address is the person's (verified). */
  email: string | undefined
  fullName: string | undefined
}

/** Forged, expired, for another app: nothing about the person can be trusted. */
export const invalidSocialToken = () =>
  new HttpError(401, API_ERROR_CODES.socialNotVerified, SOCIAL_MESSAGES.notVerified)

/** The provider could not be asked: a 502, so the client says something went wrong rather than "refused". */
export const providerUnavailable = () =>
  new HttpError(502, API_ERROR_CODES.socialProviderUnavailable, SOCIAL_MESSAGES.providerUnavailable)

/** A provider call's time limit. */
export const PROVIDER_TIMEOUT_MS = 5000
