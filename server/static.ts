// The built app (`dist/`) on the API's origin: hashed assets cached for good, everything whose name does not
// change between builds revalidated on every visit, and client routes answered with the app's shell.
import { existsSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'

import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

import { API_ERROR_CODES } from '../src/domain/errors.ts'
import type { Config } from './config.ts'
import {
  BACK_OFFICE_MANIFEST_PATH,
  BACK_OFFICE_SCOPE,
  backOfficeManifest,
} from './pages/back-office-manifest.ts'
import { homeLanguage } from './pages/language.ts'
import { SSR_DIR } from './pages/render.ts'
import { registerFindablePages } from './pages/routes.ts'

/** Files whose name does not change between builds: the browser must ask again each time. */
const ALWAYS_REVALIDATE = new Set([
  'index.html',
  'admin.html',
  'sw.js',
  'manifest.webmanifest',
  'registerSW.js',
])

/** The back office's page (admin.html, built by scripts/build.ts), for `/admin` and every path under it. */
const BACK_OFFICE_SHELL = 'admin.html'
export const isBackOfficePath = (path: string) => path === '/admin' || path.startsWith('/admin/')
/** The back office's service worker (sw/back-office-sw.ts), in the folder of the back office's build. */
const BACK_OFFICE_WORKER = join('admin', 'sw.js')

/** A file's name as the browser asked for it, whichever compressed copy answers (`index.html.br`). */
const servedName = (path: string) =>
  (path.endsWith('/') ? 'index.html' : path.slice(path.lastIndexOf('/') + 1)).replace(/\.(br|gz)$/, '')

export async function registerStaticApp(app: FastifyInstance, config: Config): Promise<void> {
  // Generated demo images and uploads: stable names, so cached for a week rather than forever. The demo's
  // pictures are everyone's; an avatar is a person's, so no shared cache (a proxy, a CDN) may keep one. Told
  // by the file served, not by the URL, which could spell its folder otherwise (`/images/%61vatars/…`).
  const images = join(config.dataDir, 'images')
  const avatars = join(images, 'avatars') + sep
  await app.register(fastifyStatic, {
    root: images,
    prefix: '/images/',
    decorateReply: false,
    maxAge: '7d',
    index: false,
    setHeaders: (reply, path) => {
      if (resolve(path).startsWith(avatars)) reply.header('cache-control', 'private, max-age=604800')
    },
  })

  const hasDist = existsSync(join(config.distDir, 'index.html'))
  const hasBackOffice = existsSync(join(config.distDir, BACK_OFFICE_SHELL))
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: config.distDir,
      prefix: '/',
      wildcard: true,
      // `/` is the home page, rendered in the visitor's language (server/pages/routes.ts).
      index: false,
      preCompressed: true,
      // Source maps are for our own tools; the build does not point browsers at them either. The server's own
      // bundle of the app (server/pages/render.ts) is not the browser's.
      allowedPath: (path) => !path.endsWith('.map') && !path.startsWith(`/${SSR_DIR}/`),
      setHeaders: (reply, path) => {
        const name = servedName(path)
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable')
        else if (ALWAYS_REVALIDATE.has(name)) reply.header('cache-control', 'no-cache')
        else reply.header('cache-control', 'public, max-age=86400')
        if (name === 'manifest.webmanifest') reply.header('content-type', 'application/manifest+json')
        // Its scope is /admin, the back office's pages, /admin itself included: above its folder's /admin/.
        if (path.replace(/\.(br|gz)$/, '').endsWith(`${sep}${BACK_OFFICE_WORKER}`))
          reply.header('service-worker-allowed', BACK_OFFICE_SCOPE)
      },
    })

    // A property's page with its metadata, the sitemap and robots.txt (server/pages/).
    // Rendered for each request, so compressed for each (the files above were compressed by the build).
    await app.register(async (pages) => {
      await pages.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] })
      await registerFindablePages(pages, config)
    })

    // A build without its pages' heads (an older one) has no home page to render: `/` is the shell then.
    if (!app.hasRoute({ method: 'GET', url: '/' }))
      app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'))

    if (hasBackOffice) {
      // The back office's folder (its build, its worker) is no page to list: `/admin/` is the back office's page.
      app.get('/admin/', (_request, reply) =>
        reply.header('cache-control', 'no-cache').sendFile(BACK_OFFICE_SHELL),
      )
      app.get(BACK_OFFICE_MANIFEST_PATH, (request, reply) =>
        reply
          .header('content-type', 'application/manifest+json; charset=utf-8')
          .header('cache-control', 'no-cache')
          // Caches must keep one copy per language hint.
          .header('vary', 'Accept-Language, Cookie')
          .send(JSON.stringify(backOfficeManifest(homeLanguage(request)))),
      )
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/images/') &&
      !path.startsWith('/map/') &&
      !/\.[a-z0-9]+$/i.test(path)
    if (wantsPage && hasBackOffice && isBackOfficePath(path)) {
      // The back office's own shell (src/back-office), never the renter's.
      return reply.header('cache-control', 'no-cache').sendFile(BACK_OFFICE_SHELL, config.distDir)
    }
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
