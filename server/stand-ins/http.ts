// The plumbing every local stand-in shares: a node:http server on 127.0.0.1 on a free port, JSON answers,
// request bodies read whole, and a close that does not wait for idle keep-alive sockets.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface RunningStandIn {
  /** `http://127.0.0.1:{port}` */
  url: string
  close(): Promise<void>
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function listen(
  handle: (request: IncomingMessage, response: ServerResponse, url: URL) => void | Promise<void>,
): Promise<RunningStandIn> {
  const sockets = new Set<Socket>()
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    Promise.resolve(handle(request, response, url)).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'stand-in failure' })
      else response.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
