// Google and Apple sign-in: the client sends the ID token (a JWT) the provider gave it; it is verified here
// against the provider's published keys (JWKS, fetched and cached by jose), its issuer, its audience (our
// client id) and its expiry. Only then is anything in it believed.
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'

import {
  invalidSocialToken,
  PROVIDER_TIMEOUT_MS,
  providerUnavailable,
  type SocialIdentity,
} from './identity.ts'

const ISSUERS = {
  google: ['https://accounts.google.com', 'accounts.google.com'],
  apple: ['https://appleid.apple.com'],
} as const

export interface IdTokenVerifier {
  verify(token: string): Promise<SocialIdentity>
}

/** Apple writes booleans as strings in its tokens. */
const isTrue = (value: unknown) => value === true || value === 'true'

export function idTokenVerifier(
  provider: 'google' | 'apple',
  { clientId, jwksUrl }: { clientId: string; jwksUrl: string },
): IdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: PROVIDER_TIMEOUT_MS })
  return {
    async verify(token) {
      let payload: JWTPayload
      try {
        ;({ payload } = await jwtVerify(token, keys, {
          issuer: [...ISSUERS[provider]],
          audience: clientId,
          algorithms: ['RS256', 'ES256'],
          requiredClaims: ['sub', 'exp'],
        }))
      } catch (error) {
        // The key set could not be fetched or read: the provider's fault, not the token's.
        if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
          throw providerUnavailable()
        if (error instanceof errors.JOSEError) throw invalidSocialToken()
        throw providerUnavailable()
      }
      const email =
        typeof payload.email === 'string' && isTrue(payload.email_verified) ? payload.email : undefined
      return {
        provider,
        subject: payload.sub!,
        email,
        fullName: typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : undefined,
      }
    },
  }
}
