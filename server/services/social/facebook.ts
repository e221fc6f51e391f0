// Facebook sign-in: the client sends a user access token. Facebook's Graph API is asked, with our app's token,
// whether it is valid and was issued to our app (debug_token), then for the person's id, name and e-mail (me,
// with an appsecret_proof so a stolen token alone cannot be replayed through us).
import { createHmac } from 'node:crypto'

import { z } from 'zod'

import {
  invalidSocialToken,
  PROVIDER_TIMEOUT_MS,
  providerUnavailable,
  type SocialIdentity,
} from './identity.ts'

export interface FacebookConfig {
  appId: string
  appSecret: string
  graphUrl: string
}

const debugSchema = z.object({
  data: z.object({
    is_valid: z.boolean(),
    app_id: z.string().optional(),
    user_id: z.string().optional(),
  }),
})
const meSchema = z.object({ id: z.string(), name: z.string().optional(), email: z.string().optional() })

async function graph(url: URL, fetchImpl: typeof fetch): Promise<{ status: number; body: unknown }> {
  let response: Response
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  } catch {
    throw providerUnavailable()
  }
  if (response.status >= 500) throw providerUnavailable()
  try {
    return { status: response.status, body: await response.json() }
  } catch {
    throw providerUnavailable()
  }
}

export function facebookVerifier(
  { appId, appSecret, graphUrl }: FacebookConfig,
  fetchImpl: typeof fetch = fetch,
) {
  return {
    async verify(token: string): Promise<SocialIdentity> {
      const debug = new URL(`${graphUrl}/debug_token`)
      debug.searchParams.set('input_token', token)
      debug.searchParams.set('access_token', `${appId}|${appSecret}`)
      const inspected = await graph(debug, fetchImpl)
      // Facebook answers 400 when our app token is wrong: a configuration problem, not the user's.
      if (inspected.status !== 200) throw providerUnavailable()
      const parsed = debugSchema.safeParse(inspected.body)
      if (!parsed.success) throw providerUnavailable()
      const { data } = parsed.data
      if (!data.is_valid || data.app_id !== appId || !data.user_id) throw invalidSocialToken()

      const me = new URL(`${graphUrl}/me`)
      me.searchParams.set('fields', 'id,name,email')
      me.searchParams.set('access_token', token)
      me.searchParams.set('appsecret_proof', createHmac('sha256', appSecret).update(token).digest('hex'))
      const person = await graph(me, fetchImpl)
      if (person.status !== 200) throw invalidSocialToken()
      const profile = meSchema.safeParse(person.body)
      if (!profile.success || profile.data.id !== data.user_id) throw invalidSocialToken()
      return {
        provider: 'facebook',
        subject: profile.data.id,
        // Facebook only hands out addresses its users confirmed.
        email: profile.data.email,
        fullName: profile.data.name?.trim() || undefined,
      }
    },
  }
}
