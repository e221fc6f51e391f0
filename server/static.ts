// The built app (`dist/`) on the API's origin: hashed assets cached for good, everything whose name does not
// change between builds revalidated on every visit, and client routes answered with the app's shell.
import { existsSync } from 'node:fs'
import { join } from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

import { API_ERROR_CODES } from '../src/domain/errors.ts'
import type { Config } from './config.ts'

/** Files whose name does not change between builds: the browser must ask again each time. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js'])

export async function registerStaticApp(app: FastifyInstance, config: Config): Promise<void> {
  // Generated demo images and uploads: stable names, so cached for a week rather than forever.
  await app.register(fastifyStatic, {
    root: join(config.dataDir, 'images'),
    prefix: '/images/',
    decorateReply: false,
    maxAge: '7d',
    index: false,
  })

  const hasDist = existsSync(join(config.distDir, 'index.html'))
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: '/',
      wildcard: true,
      // `/` is the shell itself (no-cache through setHeaders below).
      index: 'index.html',
      preCompressed: true,
      setHeaders: (reply, path) => {
        // `/` arrives as the folder's path: it is index.html.
        const name = path.endsWith('/') ? 'index.html' : path.slice(path.lastIndexOf('/') + 1)
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
        else if (ALWAYS_REVALIDATE.has(name)) reply.header('cache-control', 'no-cache')
        else reply.header('cache-control', 'public, max-age=86400')
        if (name === 'manifest.webmanifest') reply.header('content-type', 'application/manifest+json')
      },
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/images/') &&
      !path.startsWith('/map/') &&
      !/\.[a-z0-9]+$/i.test(path)
    if (wantsPage && hasDist) {
      // A client route (/search, /property…): the app's shell renders it, or its own not-found page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.distDir)
    }
    const message = wantsPage ? 'The app is not built: run `npm run build`.' : 'Nothing to see here!'
    return reply
      .status(404)
      .header('cache-control', 'no-store')
      .send({ error: API_ERROR_CODES.notFound, message })
  })
}
