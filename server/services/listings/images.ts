// The back office's property images (docs/product.md §6, Listings): an upload is checked and re-encoded by the
// route (routes/image-upload.ts), kept by the file storage in the two sizes the renter's pages show (300x200
// on cards, 1200x800 in the gallery: src/domain/constants.ts PROPERTY_IMAGE, PROPERTY_IMAGE_LARGE), and
// recorded as its uploader's until a property takes it. Files no property shows are deleted: those an edit or
// a delete left, at once; uploads left unused, by housekeeping after UNUSED_UPLOAD_MS.
import { randomBytes } from 'node:crypto'

import { lt } from 'drizzle-orm'

import type { AppContext } from '../../context.ts'
import { propertyUploads } from '../../db/schema.ts'
import { propertyImageKey, propertyLargeImageKey } from '../storage/file-storage.ts'

/** An upload's stored name: 32 random hex digits. The demo's pictures are named otherwise, and never deleted. */
const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/
export const isUploadName = (file: string) => UPLOAD_NAME.test(file)

/** An upload no property took within this time is deleted. */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000

type Ctx = Pick<AppContext, 'database' | 'storage' | 'log'>

/** Keeps the two sizes of an image under a new name, recorded as `uploaderId`'s; the name. */
export async function keepUpload(
  ctx: Ctx,
  uploaderId: number,
  small: Buffer,
  large: Buffer,
): Promise<string> {
  const file = `${randomBytes(16).toString('hex')}.webp`
  await ctx.storage.put(propertyLargeImageKey(file), large, 'image/webp')
  await ctx.storage.put(propertyImageKey(file), small, 'image/webp')
  try {
    await ctx.database.db.insert(propertyUploads).values({ file, uploaderId })
  } catch (error) {
    await deleteImageFiles(ctx, [file])
    throw error
  }
  return file
}

/** Deletes both sizes of each upload named; a failure is logged, not thrown: the change itself is done. */
export async function deleteImageFiles(ctx: Pick<Ctx, 'storage' | 'log'>, files: readonly string[]) {
  for (const file of files.filter(isUploadName)) {
    try {
      await ctx.storage.delete(propertyImageKey(file))
      await ctx.storage.delete(propertyLargeImageKey(file))
    } catch (error) {
      ctx.log.warn({ err: { type: (error as Error).name } }, 'property image not deleted')
    }
  }
}

/** Housekeeping: uploads no property took within UNUSED_UPLOAD_MS, rows and files; how many. */
export async function sweepUnusedUploads(ctx: Ctx, now: Date): Promise<number> {
  const stale = await ctx.database.db
    .delete(propertyUploads)
    .where(lt(propertyUploads.createdAt, new Date(now.getTime() - UNUSED_UPLOAD_MS)))
    .returning({ file: propertyUploads.file })
  await deleteImageFiles(
    ctx,
    stale.map((row) => row.file),
  )
  return stale.length
}
