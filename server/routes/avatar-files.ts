// GET /images/avatars/{file}: an avatar as the file storage keeps it (server/services/storage/), so that every
// server behind one address answers the same for it, whichever one stored it. An avatar is a person's: no
// shared cache (a proxy, a CDN) may keep it; the browser keeps it a week, and asks again with its ETag.
import type { FastifyPluginAsync } from 'fastify'

import { avatarKey, isFileName } from '../services/storage/file-storage.ts'

const AVATAR_CACHE = 'private, max-age=604800'

/** Whether If-None-Match names this version (weak comparison, as for a GET). */
function unchanged(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag))
}

export const avatarFileRoutes: FastifyPluginAsync = async (app) => {
  const { storage } = app.ctx
  app.get<{ Params: { file: string } }>('/images/avatars/:file', async (request, reply) => {
    const { file } = request.params
    const stored = isFileName(file) ? await storage.get(avatarKey(file)) : null
    if (!stored) return reply.callNotFound()
    reply
      .header('cache-control', AVATAR_CACHE)
      .header('content-type', stored.contentType)
      .header('etag', stored.etag)
      .header('last-modified', stored.lastModified.toUTCString())
    if (unchanged(request.headers['if-none-match'], stored.etag)) {
      stored.body.destroy()
      return reply.code(304).send()
    }
    return reply.header('content-length', stored.size).send(stored.body)
  })
}
