import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { installErrorHandlers } from './errors.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'

describe.each(databaseKinds())('database errors on %s', (kind) => {
  let t: TestApp
  let app: FastifyInstance

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1 })
    // A route that hands the database whatever text it gets, as a route whose schema forgot a rule would.
    app = Fastify()
    installErrorHandlers(app)
    app.post<{ Body: { text: string } }>('/echo', async (request) => {
      await t.database.db.execute(sql`select ${request.body.text}::text as text`)
      return { ok: true }
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await t?.close()
  })

  it('answers text the database cannot encode (a NUL byte) with 400 in the error shape, not 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { text: 'a\u0000b' } })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'validation', message: 'The request is not valid.' })
    expect(response.body).not.toMatch(/0x00|byte|encoding|select/i)
    expect((await app.inject({ method: 'POST', url: '/echo', payload: { text: 'ab' } })).statusCode).toBe(200)
  })
})
