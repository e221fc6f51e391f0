import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { exchangeRatesSchema } from '../../src/contract/rates.ts'
import { BUILT_IN_RATES } from '../services/rates/built-in.ts'
import { databaseKinds, startTestApp, type TestApp } from '../test/harness.ts'
import { STAND_IN_KEY, type StandIn, startRatesStandIn } from '../test/stand-ins/rates.ts'

describe.each(databaseKinds())('GET /api/rates on %s', (kind) => {
  let standIn: StandIn
  let withProviders: TestApp
  let embedded: TestApp
  beforeAll(async () => {
    standIn = await startRatesStandIn()
    withProviders = await startTestApp(kind, {
      properties: 10,
      env: {
        RATES_PROVIDERS: 'exchangerate-api,frankfurter',
        EXCHANGERATE_API_URL: standIn.url,
        EXCHANGERATE_API_KEY: STAND_IN_KEY,
        FRANKFURTER_URL: standIn.frankfurterUrl,
        RATES_TIMEOUT_MS: '500',
      },
    })
    embedded = await startTestApp(kind, { properties: 10 })
  })
  afterAll(async () => {
    await withProviders?.close()
    await embedded?.close()
    await standIn?.close()
  })
  beforeEach(() => {
    standIn.calls.length = 0
  })

  it('answers from the built-in table by default, dated, publicly cacheable for a while', async () => {
    const response = await embedded.app.inject({ method: 'GET', url: '/api/rates' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=300')
    expect(exchangeRatesSchema.parse(response.json())).toEqual(BUILT_IN_RATES)
    expect(response.json()).toMatchObject({ source: 'built-in', date: '2025-06-30' })
  })

  it('answers from the first provider after a fallback, then from its cache, never showing the key', async () => {
    standIn.behave('exchangerate-api', 'invalid-key')
    const first = await withProviders.app.inject({ method: 'GET', url: '/api/rates' })
    expect(first.statusCode).toBe(200)
    expect(exchangeRatesSchema.parse(first.json())).toEqual({
      base: 'USD',
      rates: { USD: 1, EUR: 0.91, GBP: 0.81, AUD: 1.61 },
      date: '2026-11-21',
      source: 'frankfurter',
    })
    expect(standIn.calls.map((call) => call.provider)).toEqual(['exchangerate-api', 'frankfurter'])
    expect(first.body).not.toContain(STAND_IN_KEY)

    const second = await withProviders.app.inject({ method: 'GET', url: '/api/rates' })
    expect(second.json()).toEqual(first.json())
    expect(standIn.calls).toHaveLength(2)
  })

  it('refuses other methods with the one error shape', async () => {
    const response = await embedded.app.inject({ method: 'POST', url: '/api/rates' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'not_found' })
  })
})
