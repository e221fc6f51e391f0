// Avatars (docs/product.md §13): POST /api/update-avatar/{id} takes one image (multipart, field name free),
// re-encodes it to a 256x256 WebP kept under a random name by the file storage (the DATA_DIR folder, or an
// S3-compatible bucket every server shares), served at /images/avatars/ (routes/avatar-files.ts), and deletes
// the previous one; POST /api/delete-avatar/{id} removes it. Only the signed-in user's own id is accepted.
import { randomBytes } from 'node:crypto'

import multipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

import { deleteAvatar, updateAvatar } from '../../src/contract/routes.ts'
import { userRoutes as routes } from '../../src/contract/users.ts'
import { AVATAR_SIZE } from '../../src/domain/avatar.ts'
import { users } from '../db/schema.ts'
import { toPublicUser, type UserRow } from '../services/auth/public-user.ts'
import { avatarKey, isFileName } from '../services/storage/file-storage.ts'
import { selfIn } from './access.ts'
import { contract } from './contract.ts'
import { readUpload, toWebp } from './image-upload.ts'

async function toAvatar(input: Buffer): Promise<Buffer> {
  const [avatar] = await toWebp(input, [{ width: AVATAR_SIZE, height: AVATAR_SIZE }])
  return avatar!
}

export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, storage } = app.ctx
  const { db } = database
  await app.register(multipart, {
    limits: { fileSize: config.avatarMaxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
  })

  /** A stored name, never a path: a value that is not one of our names is not deleted. */
  const removeFile = async (file: string | null) => {
    if (file && isFileName(file)) await storage.delete(avatarKey(file))
  }

  /** Swaps the stored name under a row lock, so two uploads at once each delete the one they replaced. */
  const setAvatar = (userId: number, file: string | null) =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select({ avatar: users.avatar })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
      const [row] = await tx
        .update(users)
        .set({ avatar: file, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning()
      return { previous: current?.avatar ?? null, row: row! }
    })

  // Decoding and re-encoding costs CPU: plenty for a person trying pictures, too few to keep the server busy.
  const uploadLimit = { rateLimit: { max: 20, timeWindow: '10 minutes' } }

  // Checked before the body is read: nothing of another user's is touched, not even their upload slot.
  const self = selfIn('params', 'id')

  app.route({
    ...contract(app, routes, updateAvatar),
    config: uploadLimit,
    preHandler: self,
    handler: async (request) => {
      const { user } = request
      const avatar = await toAvatar(await readUpload(request, config.avatarMaxBytes))
      const file = `${randomBytes(16).toString('hex')}.webp`
      await storage.put(avatarKey(file), avatar, 'image/webp')
      let replaced: { previous: string | null; row: UserRow }
      try {
        replaced = await setAvatar(user.id, file)
      } catch (error) {
        await removeFile(file)
        throw error
      }
      await removeFile(replaced.previous)
      return toPublicUser(replaced.row)
    },
  })

  app.route({
    ...contract(app, routes, deleteAvatar),
    preHandler: self,
    handler: async (request) => {
      const { previous, row } = await setAvatar(request.user.id, null)
      await removeFile(previous)
      return toPublicUser(row)
    },
  })
}
