// The providers' token checks against local stand-ins that publish real keys and sign real tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HttpError } from '../../errors.ts'
import { type GraphStandIn, startGraphStandIn } from '../../test/stand-ins/graph.ts'
import { type JwksStandIn, startJwksStandIn } from '../../test/stand-ins/jwks.ts'
import { facebookVerifier } from './facebook.ts'
import { idTokenVerifier } from './id-token.ts'

const GOOGLE_CLIENT = 'google-client.apps.test'
const APPLE_CLIENT = 'test.haven.web'

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(HttpError)
  return error as HttpError
}

describe('Google and Apple ID tokens', () => {
  let keys: JwksStandIn
  let google: ReturnType<typeof idTokenVerifier>
  let apple: ReturnType<typeof idTokenVerifier>
  beforeAll(async () => {
    keys = await startJwksStandIn()
    google = idTokenVerifier('google', { clientId: GOOGLE_CLIENT, jwksUrl: keys.googleJwksUrl })
    apple = idTokenVerifier('apple', { clientId: APPLE_CLIENT, jwksUrl: keys.appleJwksUrl })
  })
  afterAll(() => keys?.close())

  it('accepts a good Google token: subject, verified address and name', async () => {
    const token = await keys.sign('google', {
      audience: GOOGLE_CLIENT,
      subject: '1084',
      claims: { email: 'ana@gmail.test', email_verified: true, name: ' Ana Lima ' },
    })
    await expect(google.verify(token)).resolves.toEqual({
      provider: 'google',
      subject: '1084',
      email: 'ana@gmail.test',
      fullName: 'Ana Lima',
    })
  })

  it('accepts a good Apple token, whose booleans are strings, and has no name', async () => {
    const token = await keys.sign('apple', {
      audience: APPLE_CLIENT,
      subject: '001234.abcd',
      claims: { email: 'x7@privaterelay.appleid.test', email_verified: 'true', is_private_email: 'true' },
    })
    await expect(apple.verify(token)).resolves.toEqual({
      provider: 'apple',
      subject: '001234.abcd',
      email: 'x7@privaterelay.appleid.test',
      fullName: undefined,
    })
  })

  it('does not believe an address the provider has not verified', async () => {
    const token = await keys.sign('google', {
      audience: GOOGLE_CLIENT,
      subject: '77',
      claims: { email: 'someone@else.test', email_verified: false },
    })
    await expect(google.verify(token)).resolves.toMatchObject({ subject: '77', email: undefined })
  })

  it.each([
    ['expired', { expiresIn: -120 }],
    ['for another app', { audience: 'someone-elses-client' }],
    ['from another issuer', { issuer: 'https://accounts.evil.test' }],
    ['signed by a key the provider does not publish', { unpublishedKey: true }],
  ])('refuses a token %s with a 401', async (_case, options) => {
    const token = await keys.sign('google', {
      audience: GOOGLE_CLIENT,
      subject: '1',
      claims: { email: 'ana@gmail.test', email_verified: true },
      ...options,
    })
    const error = await refusal(google.verify(token))
    expect(error.status).toBe(401)
  })

  it('refuses a Google token at Apple, garbage and an unsigned token', async () => {
    const googleToken = await keys.sign('google', { audience: APPLE_CLIENT, subject: '1' })
    expect((await refusal(apple.verify(googleToken))).status).toBe(401)
    expect((await refusal(google.verify('not.a.jwt'))).status).toBe(401)
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ iss: 'https://accounts.google.com', aud: GOOGLE_CLIENT, sub: '1', exp: 2e9 }),
    ).toString('base64url')}.`
    expect((await refusal(google.verify(unsigned))).status).toBe(401)
  })

  it('answers 502 when the key set cannot be fetched', async () => {
    const offline = idTokenVerifier('google', {
      clientId: GOOGLE_CLIENT,
      jwksUrl: 'http://127.0.0.1:9/certs',
    })
    const token = await keys.sign('google', { audience: GOOGLE_CLIENT, subject: '1' })
    expect((await refusal(offline.verify(token))).status).toBe(502)
  })
})

describe('Facebook access tokens', () => {
  let graph: GraphStandIn
  let facebook: ReturnType<typeof facebookVerifier>
  beforeAll(async () => {
    graph = await startGraphStandIn()
    facebook = facebookVerifier({ appId: graph.appId, appSecret: graph.appSecret, graphUrl: graph.url })
    graph.add({ token: 'good', id: '5551', name: 'Sam Reed', email: 'sam@fb.test' })
    graph.add({ token: 'no-email', id: '5552', name: 'Kim' })
    graph.add({ token: 'expired', id: '5553', name: 'Old', invalid: true })
    graph.add({ token: 'other-app', id: '5554', name: 'Eve', appId: 'someone-elses-app' })
  })
  afterAll(() => graph?.close())

  it('accepts a valid token of our app: id, name and address', async () => {
    await expect(facebook.verify('good')).resolves.toEqual({
      provider: 'facebook',
      subject: '5551',
      email: 'sam@fb.test',
      fullName: 'Sam Reed',
    })
    expect(graph.calls.slice(-2)).toEqual(['/v23.0/debug_token', '/v23.0/me'])
  })

  it('passes on a person who shares no address', async () => {
    await expect(facebook.verify('no-email')).resolves.toMatchObject({ subject: '5552', email: undefined })
  })

  it.each(['expired', 'other-app', 'unknown'])('refuses a %s token with a 401', async (token) => {
    expect((await refusal(facebook.verify(token))).status).toBe(401)
  })

  it('answers 502 with a wrong app secret or no Graph API', async () => {
    const wrongSecret = facebookVerifier({ appId: graph.appId, appSecret: 'nope', graphUrl: graph.url })
    expect((await refusal(wrongSecret.verify('good'))).status).toBe(502)
    const offline = facebookVerifier({
      appId: graph.appId,
      appSecret: graph.appSecret,
      graphUrl: 'http://127.0.0.1:9',
    })
    expect((await refusal(offline.verify('good'))).status).toBe(502)
  })
})
