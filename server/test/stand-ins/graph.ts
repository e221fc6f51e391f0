// A local stand-in for Facebook's Graph API (tests only): `debug_token` inspects a user access token with the
// app's token (`{app-id}|{app-secret}`), `me` answers the user's id, name and e-mail when given the token and
// a valid `appsecret_proof`. Tokens are registered by the test; anything else is refused as Facebook does.
import { createHmac } from 'node:crypto'

import { listen, sendJson } from '../../stand-ins/http.ts'

export interface GraphUser {
  token: string
  id: string
  name: string
  email?: string
  /** The app the token was issued to; defaults to the stand-in's app. */
  appId?: string
  /** Facebook says `is_valid: false` (expired or revoked). */
  invalid?: boolean
}

export interface GraphStandIn {
  /** Base URL with a version, like the real one: `http://127.0.0.1:{port}/v23.0`. */
  url: string
  appId: string
  appSecret: string
  add(user: GraphUser): void
  calls: string[]
  close(): Promise<void>
}

const oauthError = (message: string) => ({ error: { message, type: 'OAuthException', code: 190 } })

export async function startGraphStandIn(
  appId = 'fb-app-1',
  appSecret = 'fb-secret-1',
): Promise<GraphStandIn> {
  const users = new Map<string, GraphUser>()
  const calls: string[] = []
  const server = await listen((_request, response, url) => {
    calls.push(url.pathname)
    const accessToken = url.searchParams.get('access_token') ?? ''
    if (url.pathname.endsWith('/debug_token')) {
      if (accessToken !== `${appId}|${appSecret}`) {
        return sendJson(response, 400, oauthError('Invalid OAuth access token signature.'))
      }
      const user = users.get(url.searchParams.get('input_token') ?? '')
      if (!user) {
        return sendJson(response, 200, {
          data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
        })
      }
      return sendJson(response, 200, {
        data: {
          app_id: user.appId ?? appId,
          type: 'USER',
          application: 'Haven',
          is_valid: !user.invalid,
          user_id: user.id,
          expires_at: Math.floor(Date.now() / 1000) + (user.invalid ? -60 : 3600),
          scopes: ['public_profile', 'email'],
        },
      })
    }
    if (url.pathname.endsWith('/me')) {
      const user = users.get(accessToken)
      const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex')
      if (!user || user.invalid) return sendJson(response, 400, oauthError('Invalid OAuth access token.'))
      if (url.searchParams.get('appsecret_proof') !== proof) {
        return sendJson(response, 400, oauthError('Invalid appsecret_proof provided in the API argument'))
      }
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',')
      const all: Record<string, string | undefined> = { id: user.id, name: user.name, email: user.email }
      return sendJson(
        response,
        200,
        Object.fromEntries(
          fields.filter((field) => all[field] !== undefined).map((field) => [field, all[field]]),
        ),
      )
    }
    sendJson(response, 404, oauthError('Unknown path components'))
  })
  return {
    url: `${server.url}/v23.0`,
    appId,
    appSecret,
    add: (user) => void users.set(user.token, user),
    calls,
    close: server.close,
  }
}
