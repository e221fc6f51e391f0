// Avatars (docs/product.md §13): POST /api/update-avatar/{id} takes one image (multipart, field name free),
// re-encodes it to a 256x256 WebP kept under a random name by the file storage (the DATA_DIR folder, or an
// S3-compatible bucket every server shares), served at /images/avatars/ (routes/avatar-files.ts), and deletes
// the previous one; POST /api/delete-avatar/{id} removes it. Only the signed-in user's own id is accepted.
import { randomBytes } from 'node:crypto'

import multipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import sharp from 'sharp'

import { deleteAvatar, updateAvatar } from '../../src/contract/routes.ts'
import { userRoutes as routes } from '../../src/contract/users.ts'
import { AVATAR_MESSAGES, AVATAR_SIZE, AVATAR_TYPES } from '../../src/domain/avatar.ts'
import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { users } from '../db/schema.ts'
import { HttpError } from '../errors.ts'
import { toPublicUser, type UserRow } from '../services/auth/public-user.ts'
import { avatarKey, isFileName } from '../services/storage/file-storage.ts'
import { selfIn } from './access.ts'
import { contract } from './contract.ts'

/** What sharp decodes for the accepted types (AVIF reads as `heif`). */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])
/** Larger images are refused before decoding: a small file can claim to be a huge picture. */
const MAX_INPUT_PIXELS = 50_000_000

const notAnImage = () => new HttpError(400, API_ERROR_CODES.notAnImage, AVATAR_MESSAGES.notAnImage)

const noImage = () => new HttpError(400, API_ERROR_CODES.noImage, AVATAR_MESSAGES.noImage)

/**
 * A refusal the client can act on for what went wrong while reading the form. The multipart plugin's own
 * refusals carry a 4xx status; anything else is the parser's word on a body that is not a whole form (no
 * boundary, a part cut short): no image could be read from it, which is the sender's fault, not the server's.
 */
function uploadError(error: unknown, maxBytes: number): Error {
  if (error instanceof HttpError) return error
  const { code, statusCode } = error as { code?: string; statusCode?: number }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10
    return new HttpError(
      413,
      API_ERROR_CODES.tooLarge,
      AVATAR_MESSAGES.tooLarge.replace('{size}', String(megabytes)),
    )
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error as Error
  return noImage()
}

/** The uploaded file, whole, in memory: nothing reaches the disk until it has been decoded and re-encoded. */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw noImage()
  try {
    const part = await request.file()
    if (!part) throw noImage()
    if (!(AVATAR_TYPES as readonly string[]).includes(part.mimetype)) throw notAnImage()
    return await part.toBuffer()
  } catch (error) {
    throw uploadError(error, maxBytes)
  }
}

/**
 * The uploaded image, decoded, turned upright, stripped of its metadata and re-encoded as a `width`x`height`
 * WebP: cropped to fill it (`cover`, an avatar) or fitted inside on a transparent ground (`contain`, a logo).
 * 400 `not_an_image` for anything sharp cannot read as one of the accepted types.
 */
export async function toWebp(
  input: Buffer,
  width: number,
  height: number,
  fit: 'cover' | 'contain' = 'cover',
): Promise<Buffer> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    const { format } = await image.metadata()
    if (!format || !DECODED_FORMATS.has(format)) throw notAnImage()
    return await image
      .rotate() // the camera's orientation, then drop the metadata (location included)
      .resize(width, height, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 82 })
      .toBuffer()
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw notAnImage()
  }
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
      const avatar = await toWebp(await readUpload(request, config.avatarMaxBytes), AVATAR_SIZE, AVATAR_SIZE)
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
