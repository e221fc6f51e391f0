// A route of the contract (src/contract/routes.ts), as Fastify registers it: its method and URL from its key,
// its schemas from its resource's table. The handler and its options (access check, rate limit) stay the
// route file's: `app.route({ ...contract(app, table, key), preHandler, handler })`.
import type { FastifyInstance } from 'fastify'

import { type RouteKey, type RouteSchemas, splitRoute } from '../../src/contract/route.ts'

/** The Fastify schema of a contract's route: its 200 answer as `response`. */
type FastifySchemaOf<S extends RouteSchemas> = Pick<S, Extract<keyof S, 'params' | 'querystring' | 'body'>> &
  (S['answer'] extends object ? { response: { 200: S['answer'] } } : unknown)

export function contract<T extends Partial<Record<RouteKey, RouteSchemas>>, K extends keyof T & RouteKey>(
  app: FastifyInstance,
  table: T,
  key: K,
): {
  method: ReturnType<typeof splitRoute>['method']
  url: string
  schema: FastifySchemaOf<NonNullable<T[K]>>
} {
  const { method, path } = splitRoute(key)
  // Registered inside the /api scope (server/app.ts): the key's path carries the prefix, Fastify adds it.
  if (!path.startsWith(`${app.prefix}/`)) throw new Error(`${key} is not under ${app.prefix}`)
  // An upload's body is the handler's to read (multipart): nothing for Fastify to validate.
  const { answer, upload: _upload, ...request } = table[key] ?? {}
  const schema = answer ? { ...request, response: { 200: answer } } : request
  return { method, url: path.slice(app.prefix.length), schema: schema as FastifySchemaOf<NonNullable<T[K]>> }
}
