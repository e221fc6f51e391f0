import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { installErrorHandlers } from './errors.ts'
import { databaseKinds, startTestApp, type TestApp } from './test/harness.ts'

describe.each(databaseKinds())('database errors on %s', (kind) => {
  let t: TestApp
  let app: FastifyInstance
  /** What the app logged, one JSON line each. */
  const lines: string[] = []

  beforeAll(async () => {
    t = await startTestApp(kind, { properties: 1 })
    await t.database.db.execute(sql`create table error_probe (label text unique)`)
    await t.database.db.execute(sql`insert into error_probe values ('taken@example.test')`)
    // Routes that hand the database whatever text they get, as a route whose schema forgot a rule would.
    app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } } })
    installErrorHandlers(app)
    app.post<{ Body: { text: string } }>('/echo', async (request) => {
      await t.database.db.execute(sql`select ${request.body.text}::text as text`)
      return { ok: true }
    })
    app.post<{ Body: { text: string } }>('/number', async (request) => {
      await t.database.db.execute(sql`select ${request.body.text}::integer as n`)
      return { ok: true }
    })
    app.post<{ Body: { text: string } }>('/insert', async (request) => {
      await t.database.db.execute(sql`insert into error_probe values (${request.body.text})`)
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

  it('logs a database error by its code and constraint, never its message or detail, which quote the values', async () => {
    lines.length = 0
    const number = await app.inject({
      method: 'POST',
      url: '/number',
      payload: { text: 'hunter2-in-a-number' },
    })
    expect(number.statusCode).toBe(500)
    const insert = await app.inject({
      method: 'POST',
      url: '/insert',
      payload: { text: 'taken@example.test' },
    })
    expect(insert.statusCode).toBe(500)
    for (const response of [number, insert]) expect(response.body).not.toMatch(/hunter2|taken@/)
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; err: unknown })
    expect(logged.map(({ msg }) => msg)).toEqual(['request failed', 'request failed'])
    const log = lines.join('')
    // invalid_text_representation; unique_violation, on the table's own constraint.
    expect(log).toContain('"22P02"')
    expect(log).toContain('"23505"')
    expect(log).toContain('error_probe_label_key')
    expect(log).not.toMatch(
      /hunter2|taken@|invalid input syntax|duplicate key|Key \(label\)|insert into|select/i,
    )
  })
})
