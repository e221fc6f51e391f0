// One image uploaded as a multipart form, as the avatar (./avatar.ts) and the back office's property images
// (./listings.ts) take it: the file read whole into memory, its declared type one the server decodes, then
// decoded for real (a file that only claims to be an image is refused) and re-encoded to WebP at the sizes
// asked, without its metadata (a camera's location included). Nothing reaches the storage before that.
import type { FastifyRequest } from 'fastify'
import sharp from 'sharp'

import { AVATAR_MESSAGES, AVATAR_TYPES } from '../../src/domain/avatar.ts'
import { API_ERROR_CODES } from '../../src/domain/errors.ts'
import { HttpError } from '../errors.ts'

/** What sharp decodes for the accepted types (AVIF reads as `heif`). */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])
/** Larger images are refused before decoding: a small file can claim to be a huge picture. */
const MAX_INPUT_PIXELS = 50_000_000

export const notAnImage = () => new HttpError(400, API_ERROR_CODES.notAnImage, AVATAR_MESSAGES.notAnImage)

export const noImage = () => new HttpError(400, API_ERROR_CODES.noImage, AVATAR_MESSAGES.noImage)

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
 * The image, upright, as WebP in each of `sizes`: cropped to fill it (`cover`: an avatar, a property's photo) or
 * fitted inside on a transparent ground (`contain`: an agency's logo); 400 `not_an_image` when it is none.
 */
export async function toWebp(
  input: Buffer,
  sizes: readonly { width: number; height: number; fit?: 'cover' | 'contain' }[],
  quality = 82,
): Promise<Buffer[]> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    const { format } = await image.metadata()
    if (!format || !DECODED_FORMATS.has(format)) throw notAnImage()
    // The camera's orientation, then drop the metadata (location included).
    const upright = image.rotate()
    return await Promise.all(
      sizes.map(({ width, height, fit = 'cover' }) =>
        upright
          .clone()
          .resize(width, height, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .webp({ quality })
          .toBuffer(),
      ),
    )
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw notAnImage()
  }
}
