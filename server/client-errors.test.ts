// Requests Node's HTTP parser refuses before Fastify has a request to answer: the answer is written on the
// socket, so it is tested on one, against a listening server.
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestApp, type TestApp } from './test/harness.ts'

/** Writes `request` as bytes and reads the whole answer until the server closes the connection. */
function rawExchange(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port })
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('error', reject)
    socket.write(request)
  })
}

/** The status, headers and JSON body of a raw answer. */
function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown }
}

// Serving does not depend on the database: PGlite only.
describe("Node's own refusals", () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    t = await startTestApp('pglite', { properties: 1 })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    port = (t.app.server.address() as AddressInfo).port
  })
  afterAll(() => t?.close())

  it.each([
    [
      'a control byte in the URL',
      'GET /api/health\u0001x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      400,
      'validation',
    ],
    [
      'a Content-Length that is no number',
      'POST /api/send-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 12abc\r\n\r\n{}',
      400,
      'validation',
    ],
    [
      'two Content-Lengths that disagree',
      'POST /api/send-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      400,
      'validation',
    ],
    [
      'headers larger than the server takes',
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'too_large',
    ],
  ])('answers %s in the error shape, with the security headers', async (_case, request, status, code) => {
    const answer = parse(await rawExchange(port, request))
    expect(answer.status).toBe(status)
    expect(answer.body).toEqual({ error: code, message: expect.any(String) })
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'")
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(answer.headers['cache-control']).toBe('no-store')
  })
})
