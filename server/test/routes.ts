// Every route an app registers, as the app itself declares them: Fastify announces each new instance on the
// `fastify.initialization` diagnostics channel, and an onRoute hook added there sees every route registered
// after, in every plugin. Tests that must cover "every route" (fuzzing, authorization) read the list from here
// rather than keeping a copy that a new route would silently escape.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'

import type { FastifyInstance, RouteOptions } from 'fastify'
import type { z } from 'zod'

export interface RegisteredRoute {
  method: string
  /** As registered, with its prefix: `/api/user/:id`, `/images/*`. */
  url: string
  params?: z.ZodType
  body?: z.ZodType
  querystring?: z.ZodType
}

const CHANNEL = 'fastify.initialization'

/** Runs `build` (which makes one Fastify instance) and returns what it built with that instance's routes. */
export async function withRoutes<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = []
  const listen = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method]
      const schema = (route.schema ?? {}) as Record<string, z.ZodType | undefined>
      for (const method of methods) {
        routes.push({
          method,
          url: route.url,
          params: schema.params,
          body: schema.body,
          querystring: schema.querystring,
        })
      }
    })
  }
  subscribe(CHANNEL, listen)
  try {
    return { built: await build(), routes }
  } finally {
    unsubscribe(CHANNEL, listen)
  }
}

/**
 * The keys of an object schema, through the wrappers zod puts around one (optional, nullable, pipes,
 * refinements); none for anything else.
 */
export function schemaKeys(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema
  for (let depth = 0; current && depth < 10; depth += 1) {
    const shape = (current as { shape?: Record<string, unknown> }).shape
    if (shape && typeof shape === 'object') return Object.keys(shape)
    const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def
    current = def?.innerType ?? def?.in ?? def?.schema
  }
  return []
}

/** `/api/user/:id` → `['id']`; a wildcard counts as the parameter `*`. */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((match) => match[1] ?? '*')
}
