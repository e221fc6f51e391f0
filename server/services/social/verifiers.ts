// The social providers that are switched on (server/config.ts), each with its token verifier.
import type { SocialProvider } from '../../../src/domain/social.ts'
import type { SocialConfig } from '../../config.ts'
import { facebookVerifier } from './facebook.ts'
import { idTokenVerifier } from './id-token.ts'
import type { SocialIdentity } from './identity.ts'

export type SocialVerifiers = Partial<
  Record<SocialProvider, { verify(token: string): Promise<SocialIdentity> }>
>

export function socialVerifiers(config: SocialConfig): SocialVerifiers {
  return {
    ...(config.google ? { google: idTokenVerifier('google', config.google) } : {}),
    ...(config.apple ? { apple: idTokenVerifier('apple', config.apple) } : {}),
    ...(config.facebook ? { facebook: facebookVerifier(config.facebook) } : {}),
  }
}
