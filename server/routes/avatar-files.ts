// GET /images/avatars/{file} and /images/agencies/{file}: an avatar or an agency's logo as the file storage keeps
// it (server/services/storage/), so that every server behind one address answers the same for it, whichever one
// stored it. An avatar is a person's: no shared cache (a proxy, a CDN) may keep it; the browser keeps it a
// week, and asks again with its ETag. A logo is public.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'

import { agencyLogoKey, avatarKey, isFileName, type StoredFile } from '../services/storage/file-storage.ts'
import { createFolderStorage } from '../services/storage/folder.ts'

const AVATAR_CACHE = 'private, max-age=604800'
/** A logo is public, and a new one has a new name: kept a week by any cache, as the demo's pictures are. */
const LOGO_CACHE = 'public, max-age=604800'

/** Whether If-None-Match names this version (weak comparison, as for a GET). */
function unchanged(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag))
}

export const avatarFileRoutes: FastifyPluginAsync = async (app) => {
  const { storage, config } = app.ctx
  // The demo's generated logos are files of DATA_DIR/images/agencies; with the folder driver they are the
  // storage's own, with S3 they stay on this disk.
  const demoImages = createFolderStorage(config.dataDir)

  /** Answers `stored` (or 404 for none) with its validators, and 304 when the browser has this version. */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredFile | null,
    cacheControl: string,
  ) => {
    if (!stored) return reply.callNotFound()
    reply
      .header('cache-control', cacheControl)
      .header('content-type', stored.contentType)
      .header('etag', stored.etag)
      .header('last-modified', stored.lastModified.toUTCString())
    if (unchanged(request.headers['if-none-match'], stored.etag)) {
      stored.body.destroy()
      return reply.code(304).send()
    }
    return reply.header('content-length', stored.size).send(stored.body)
  }

  app.get<{ Params: { file: string } }>('/images/avatars/:file', async (request, reply) => {
    const { file } = request.params
    return answer(request, reply, isFileName(file) ? await storage.get(avatarKey(file)) : null, AVATAR_CACHE)
  })

  // An agency's logo (docs/product.md §16): an administrator's upload, kept by the storage; else the demo's.
  app.get<{ Params: { file: string } }>('/images/agencies/:file', async (request, reply) => {
    const { file } = request.params
    if (!isFileName(file)) return reply.callNotFound()
    const stored = (await storage.get(agencyLogoKey(file))) ?? (await demoImages.get(agencyLogoKey(file)))
    return answer(request, reply, stored, LOGO_CACHE)
  })
}
