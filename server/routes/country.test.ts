import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { countryFromAcceptLanguage } from './country.ts'

describe('country from Accept-Language', () => {
  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'FR'],
    ['en-us', 'US'],
    ['fr;q=0.5, en-GB;q=0.9', 'GB'],
    ['zh-Hant-TW', 'TW'],
    ['es-419,es;q=0.9', null],
    ['en', null],
    ['en-AU;q=0', null],
    ['*', null],
    [undefined, null],
  ])('%s → %s', (header, country) => {
    expect(countryFromAcceptLanguage(header)).toBe(country)
  })
})

describe.each(databaseKinds())('GET /api/country-code on %s', (kind) => {
  let plain: TestApp
  let behindProxy: TestApp
  beforeAll(async () => {
    plain = await startTestApp(kind, { properties: 5 })
    behindProxy = await startTestApp(kind, { properties: 5, env: { COUNTRY_HEADER: 'CF-IPCountry' } })
  })
  afterAll(async () => {
    await plain?.close()
    await behindProxy?.close()
  })

  const ask = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: '/api/country-code', headers })

  it('reads the region of the preferred language, and ignores the proxy header unless told to trust it', async () => {
    const response = await ask(plain, { 'accept-language': 'fr-MA,fr;q=0.9', 'cf-ipcountry': 'US' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ countryCode: 'MA' })
    expect(response.headers.vary).toBe('accept-language')
  })

  it('answers null when nothing tells', async () => {
    expect((await ask(plain, {})).json()).toEqual({ countryCode: null })
  })

  it('prefers the trusted header, and falls back when it says unknown', async () => {
    expect((await ask(behindProxy, { 'cf-ipcountry': 'au', 'accept-language': 'en-US' })).json()).toEqual({
      countryCode: 'AU',
    })
    expect((await ask(behindProxy, { 'cf-ipcountry': 'XX', 'accept-language': 'en-US' })).json()).toEqual({
      countryCode: 'US',
    })
    expect((await ask(behindProxy, { 'cf-ipcountry': '<script>' })).json()).toEqual({ countryCode: null })
  })
})
