// A local stand-in for Google's and Apple's sign-in keys (tests only): it publishes a real RSA public key as a
// JWKS under `/google/certs` and `/apple/keys` and signs real ID tokens with the private key, so the server's
// verification runs for real. `sign` can also make the tokens a provider must be refused for: expired, for
// another audience or issuer, or signed by a key that is not published.
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'

import { listen, sendJson } from '../../stand-ins/http.ts'

export const GOOGLE_ISSUER = 'https://accounts.google.com'
export const APPLE_ISSUER = 'https://appleid.apple.com'

export interface SignOptions {
  /** Defaults to the provider's own issuer. */
  issuer?: string
  audience: string
  subject: string
  /** Seconds from now; negative for a token that has already expired. Default one hour. */
  expiresIn?: number
  /** Sign with a key the JWKS does not publish (under the published key's id). */
  unpublishedKey?: boolean
  claims?: JWTPayload
}

export interface JwksStandIn {
  url: string
  googleJwksUrl: string
  appleJwksUrl: string
  /** Key-set downloads so far. */
  fetches: number
  sign(provider: 'google' | 'apple', options: SignOptions): Promise<string>
  close(): Promise<void>
}

const KID = 'stand-in-key-1'

export async function startJwksStandIn(): Promise<JwksStandIn> {
  const published = await generateKeyPair('RS256', { extractable: true })
  const unpublished = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(published.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }

  const standIn = {
    fetches: 0,
    async sign(provider: 'google' | 'apple', options: SignOptions) {
      const now = Math.floor(Date.now() / 1000)
      const expiresIn = options.expiresIn ?? 3600
      return new SignJWT(options.claims ?? {})
        .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
        .setIssuer(options.issuer ?? (provider === 'google' ? GOOGLE_ISSUER : APPLE_ISSUER))
        .setAudience(options.audience)
        .setSubject(options.subject)
        .setIssuedAt(Math.min(now, now + expiresIn - 60))
        .setExpirationTime(now + expiresIn)
        .sign(options.unpublishedKey ? unpublished.privateKey : published.privateKey)
    },
  }
  const server = await listen((_request, response, url) => {
    if (url.pathname === '/google/certs' || url.pathname === '/apple/keys') {
      standIn.fetches += 1
      return sendJson(response, 200, { keys: [jwk] })
    }
    sendJson(response, 404, { error: 'not found' })
  })
  return Object.assign(standIn, {
    url: server.url,
    googleJwksUrl: `${server.url}/google/certs`,
    appleJwksUrl: `${server.url}/apple/keys`,
    close: server.close,
  })
}
