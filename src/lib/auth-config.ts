// GET /api/auth-config: which of reCAPTCHA and the social sign-in providers are configured (each null when
// off). Read only by the screens that show those widgets (sign-in, sign-up, contact, a guest's checkout), never
// in the first load.
//
// Key root `auth-config`, deliberately outside PERSISTED_KEY_ROOTS: every widget it turns on needs the network
// (a provider's script, a provider's popup, the API), so a copy on disk would buy nothing offline, and a stale
// copy could show a button for a provider the server has since turned off. The server lets it be cached for
// five minutes; in memory it stays fresh as long.
import { queryOptions, useQuery } from '@tanstack/react-query'

import { authConfig } from '@/contract/routes'
import type { AuthConfig } from '@/contract/social'

import { call } from './api-client'
import { KEY_ROOTS } from './query-keys'

export type { AuthConfig }

/** Everything off: what the screens assume until (and unless) the server says otherwise. */
export const AUTH_CONFIG_OFF: AuthConfig = {
  recaptchaSiteKey: null,
  social: { google: null, apple: null, facebook: null },
}

export const authConfigKeys = {
  all: () => [KEY_ROOTS.authConfig] as const,
}

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

/** Checked by hand rather than with zod's `authConfigSchema`, to keep zod out of the auth screens' chunk. */
export function readAuthConfig(body: unknown): AuthConfig {
  if (!body || typeof body !== 'object') return AUTH_CONFIG_OFF
  const { recaptchaSiteKey, social } = body as Record<string, unknown>
  const providers = social && typeof social === 'object' ? (social as Record<string, unknown>) : {}
  return {
    recaptchaSiteKey: nonEmpty(recaptchaSiteKey),
    social: {
      google: nonEmpty(providers.google),
      apple: nonEmpty(providers.apple),
      facebook: nonEmpty(providers.facebook),
    },
  }
}

export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: authConfigKeys.all(),
    queryFn: async ({ signal }) => readAuthConfig(await call(authConfig, { signal })),
    staleTime: 5 * 60 * 1000,
    // An answer that is not a config (an older server's 404) means nothing is on; asking again will not help.
    retry: false,
  })

/**
 * The configuration, or everything off while it loads or when it cannot be read; not asked for when `wanted`
 * is false (a screen that shows its widgets only to some).
 */
export function useAuthConfig(wanted = true): AuthConfig {
  const { data } = useQuery({ ...authConfigQueryOptions(), enabled: wanted })
  return data ?? AUTH_CONFIG_OFF
}
