// The API's reference, generated from the zod schemas the routes validate with: the OpenAPI document at
// /api/openapi.json (for tools and client generators) and a readable page at /api/docs. Both come from the
// routes themselves, so they cannot drift from what the server accepts.
import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

import { escapeHtml } from './services/mail/templates.ts'

/** Before any route: the generator records every route registered after it. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Haven API',
        version: '1',
        description:
          'Every error is `{ error, message }` (plus `fields` on a form error). Calls that change something ' +
          'need the session cookie set by sign-in; ids in paths and bodies must be the signed-in user’s own.',
      },
    },
    transform: jsonSchemaTransform,
  })
}

interface OpenApiDocument {
  openapi?: string
  info?: { description?: string }
  paths?: Record<string, Record<string, Operation>>
}
interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>
  requestBody?: { content?: Record<string, { schema?: unknown }> }
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>
}

const json = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2))

function renderOperation(method: string, path: string, operation: Operation): string {
  const parameters = (operation.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''})</li>`,
    )
    .join('')
  const body = Object.entries(operation.requestBody?.content ?? {})
    .map(
      ([type, content]) =>
        `<p>Body (<code>${escapeHtml(type)}</code>):</p><pre>${json(content.schema)}</pre>`,
    )
    .join('')
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, response]) => {
      const schema = Object.values(response.content ?? {})[0]?.schema
      return `<li><b>${escapeHtml(status)}</b>${schema ? `<pre>${json(schema)}</pre>` : ''}</li>`
    })
    .join('')
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-')
  return `<section id="${id}"><h2><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
${parameters ? `<p>Parameters:</p><ul>${parameters}</ul>` : ''}${body}
${responses ? `<p>Answers:</p><ul>${responses}</ul>` : ''}</section>`
}

export function renderApiReference(document: OpenApiDocument): string {
  const paths = Object.entries(document.paths ?? {}).sort(([a], [b]) => a.localeCompare(b))
  const operations = paths.flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => renderOperation(method, path, operation)),
  )
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Haven API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
section{border-top:1px solid #ddd;padding:.5rem 0}h2{font-size:1.05rem}.method{display:inline-block;min-width:4.5rem;color:#0e4f5c}
pre{background:#f4f6f7;padding:.75rem;overflow:auto;font-size:.8rem;max-height:24rem}</style></head>
<body><h1>Haven API reference</h1><p>${escapeHtml(document.info?.description ?? '')}</p>
<p>${operations.length} operations. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(
    String(document.openapi),
  )}).</p>
${operations.join('\n')}
</body></html>`
}

/** GET /api/openapi.json and GET /api/docs (neither listed in the document itself). */
export const apiDocsRoutes: FastifyPluginAsync = async (api) => {
  const root = api as FastifyInstance
  api.get('/openapi.json', { schema: { hide: true } }, () => root.swagger())
  api.get('/docs', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderApiReference(root.swagger() as OpenApiDocument)),
  )
}
