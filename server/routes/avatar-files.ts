// Files the file storage keeps (server/services/storage/), served from it so that every server behind one
// address answers the same for them, whichever one stored them:
// - GET /images/avatars/{file}: an avatar is a person's: no shared cache (a proxy, a CDN) may keep it; the
//   browser keeps it a week, and asks again with its ETag.
// - GET /images/agencies/{file}: an agency's logo (docs/product.md §16), an administrator's upload, public;
//   the demo's generated logos stay in the DATA_DIR folder, looked for there when the storage has none.
// - GET /images/properties/{file} and /images/properties/large/{file}: a property's image in its two sizes,
//   uploaded through the back office (server/services/listings/images.ts), public like the demo's pictures,
//   which stay in the DATA_DIR folder whichever driver keeps uploads: looked for there when the storage has
//   no such file.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'

import type { FileStorage } from '../services/storage/file-storage.ts'
import {
  agencyLogoKey,
  avatarKey,
  isFileName,
  propertyImageKey,
  propertyLargeImageKey,
} from '../services/storage/file-storage.ts'
import { createFolderStorage } from '../services/storage/folder.ts'

const AVATAR_CACHE = 'private, max-age=604800'
/** As the demo's pictures under /images/ (server/static.ts): an upload's name never changes its content. */
const PUBLIC_IMAGE_CACHE = 'public, max-age=604800'

/** Whether If-None-Match names this version (weak comparison, as for a GET). */
function unchanged(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag))
}

export const avatarFileRoutes: FastifyPluginAsync = async (app) => {
  const { storage, config } = app.ctx
  const demoFolder = createFolderStorage(config.dataDir)

  const serve =
    (keyOf: (file: string) => string, cacheControl: string, ...stores: FileStorage[]) =>
    async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
      const { file } = request.params
      let stored = null
      if (isFileName(file)) {
        for (const store of stores) {
          stored = await store.get(keyOf(file))
          if (stored) break
        }
      }
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

  app.get('/images/avatars/:file', serve(avatarKey, AVATAR_CACHE, storage))
  app.get('/images/agencies/:file', serve(agencyLogoKey, PUBLIC_IMAGE_CACHE, storage, demoFolder))
  app.get('/images/properties/:file', serve(propertyImageKey, PUBLIC_IMAGE_CACHE, storage, demoFolder))
  app.get(
    '/images/properties/large/:file',
    serve(propertyLargeImageKey, PUBLIC_IMAGE_CACHE, storage, demoFolder),
  )
}
