import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { fieldCodeOf, installErrorHandlers } from './errors.ts'
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

describe('fieldCodeOf', () => {
  /** The issues of `value` under `schema`, as fastify-type-provider-zod hands them to the error handler. */
  const issuesOf = (schema: z.ZodType, value: unknown) =>
    (schema.safeParse(value).error?.issues ?? []).map(({ code, message, path: _path, ...params }) => ({
      keyword: code,
      message,
      params,
    }))
  const codeOf = (schema: z.ZodType, value: unknown) => fieldCodeOf(issuesOf(schema, value)[0]!)

  it('says a number out of its range is not valid, neither a text too long nor a field left empty', () => {
    expect(codeOf(z.number().int().min(1).max(16), 0)).toBe('invalid')
    expect(codeOf(z.number().int().min(1).max(16), 17)).toBe('invalid')
    expect(codeOf(z.number().max(10), 11)).toBe('invalid')
    expect(codeOf(z.coerce.number().min(1), '0')).toBe('invalid')
  })

  it('says a text too long, a text or list left empty, and keeps a rule’s own code', () => {
    expect(codeOf(z.string().max(3), 'abcd')).toBe('too_long')
    expect(codeOf(z.string().min(1), '')).toBe('required')
    expect(codeOf(z.array(z.string()).min(1), [])).toBe('required')
    expect(codeOf(z.string().min(6, 'password_too_short'), 'abc')).toBe('password_too_short')
    expect(codeOf(z.array(z.string()).max(1), ['a', 'b'])).toBe('invalid')
  })
})
