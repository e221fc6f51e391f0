import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildApp } from './app.ts'
import { startTestApp, type TestApp } from './test/harness.ts'
import { type RegisteredRoute, withRoutes } from './test/routes.ts'

/** `/api/user/:id` → `/api/user/{id}`, as OpenAPI writes paths. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '')

// The reference is generated from the routes; this checks that none escapes it. PGlite only: no query runs.
describe('API reference', () => {
  let t: TestApp
  let app: FastifyInstance
  let routes: RegisteredRoute[]
  beforeAll(async () => {
    t = await startTestApp('pglite', { properties: 10 })
    await t.app.close()
    ;({ built: app, routes } = await withRoutes(() => buildApp({ config: t.config, database: t.database })))
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await t?.close()
  })

  it('lists every API route with its method at /api/openapi.json', async () => {
    const response = await app.inject('/api/openapi.json')
    expect(response.statusCode).toBe(200)
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>()
    expect(document.openapi).toMatch(/^3\./)
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        // A path the product fixes with a trailing slash (`/api/create-paypal-order/`) is compared without it.
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${openApiPath(path)}`),
      ),
    )
    const apiRoutes = routes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.method !== 'HEAD' &&
        !['/api/openapi.json', '/api/docs'].includes(route.url),
    )
    expect(apiRoutes.length).toBeGreaterThan(25)
    const missing = apiRoutes
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .filter((operation) => !documented.has(operation))
    expect(missing).toEqual([])
  })

  it('describes a call with its parameters and body from the zod schemas', async () => {
    const document = (await app.inject('/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >
    }>()
    const signIn = document.paths['/api/sign-in/{appType}']?.post
    expect(JSON.stringify(signIn?.requestBody?.content['application/json']?.schema)).toContain('"email"')
  })

  it('shows a readable page at /api/docs, with no script', async () => {
    const response = await app.inject('/api/docs')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(response.body).toContain('/api/properties/search')
    expect(response.body).not.toMatch(/<script/i)
  })
})
