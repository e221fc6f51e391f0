// What a route of the API is, for both runtimes: its key (method and path, written once in ./routes.ts) and
// its schemas (params, query, body and the 200 answer, in each resource's module of this folder). Types and
// plain string work only: the client reads routes through here without any schema coming with them.
import type { $ZodType, input, output } from 'zod/v4/core'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A route's method and path, as `GET /api/favourites/:userId/:language`: `:name` is a path parameter. */
export type RouteKey = `${Method} /api/${string}`

/** What a route validates, on the server, and what its caller sends and gets, on the client. */
export interface RouteSchemas {
  params?: $ZodType
  querystring?: $ZodType
  body?: $ZodType
  /** The body is a multipart upload (a FormData), which the handler reads itself: no body schema. */
  upload?: true
  /** The 200 answer: the server checks every answer with it. */
  answer?: $ZodType
}

/** One resource's routes, by key. */
export type RouteTable = Partial<Record<RouteKey, RouteSchemas>>

/** A route's method and path, from its key. */
export function splitRoute(route: RouteKey): { method: Method; path: string } {
  const space = route.indexOf(' ')
  return { method: route.slice(0, space) as Method, path: route.slice(space + 1) }
}

/** A route's path before its first parameter (`/api/sign-in` of `POST /api/sign-in/:appType`): a cookie's path. */
export function pathPrefix(route: RouteKey): string {
  const { path } = splitRoute(route)
  const parameter = path.indexOf('/:')
  return parameter === -1 ? path : path.slice(0, parameter)
}

/** What a caller sends: the path's parameters, the query and the body, as the route's schemas take them. */
export type RouteInput<S extends RouteSchemas> = (S['params'] extends $ZodType
  ? { params: input<S['params']> }
  : unknown) &
  (S['querystring'] extends $ZodType ? { query: input<S['querystring']> } : unknown) &
  (S['body'] extends $ZodType ? { body: input<S['body']> } : unknown) &
  (S['upload'] extends true ? { body: FormData } : unknown)

/** What a caller gets: the 200 answer as its schema gives it. */
export type RouteAnswer<S extends RouteSchemas> = S['answer'] extends $ZodType ? output<S['answer']> : unknown
