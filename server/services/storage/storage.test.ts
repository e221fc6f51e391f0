// The same promises from both drivers: the folder under DATA_DIR, and an S3-compatible bucket (s3rver).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { loadConfig } from '../../config.ts'
import { startS3StandIn, type S3StandIn } from '../../test/stand-ins/s3.ts'
import type { FileStorage, StoredFile } from './file-storage.ts'
import { createFolderStorage } from './folder.ts'
import { createStorage } from './storage.ts'

const read = async (file: StoredFile | null) => (file ? text(file.body) : null)

describe.each(['folder', 's3'] as const)('file storage in a %s', (driver) => {
  let storage: FileStorage
  let dataDir: string
  let s3: S3StandIn | undefined

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'haven-storage-'))
    s3 = driver === 's3' ? await startS3StandIn() : undefined
    storage = createStorage(loadConfig({ DATA_DIR: dataDir, ...s3?.env }))
  })
  afterAll(async () => {
    storage?.close()
    await s3?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('gives back what was put, with its type, size, ETag and time', async () => {
    const before = Date.now()
    await storage.put('avatars/one.webp', Buffer.from('first picture'), 'image/webp')
    const file = await storage.get('avatars/one.webp')
    expect(file).toMatchObject({ contentType: 'image/webp', size: 13 })
    expect(file?.etag).toMatch(/^(W\/)?".+"$/)
    expect(file!.lastModified.getTime()).toBeGreaterThan(before - 2000)
    expect(await read(file)).toBe('first picture')
  })

  it('replaces a file, with a new ETag', async () => {
    await storage.put('avatars/two.webp', Buffer.from('old'), 'image/webp')
    const old = await storage.get('avatars/two.webp')
    old?.body.destroy()
    await storage.put('avatars/two.webp', Buffer.from('newer'), 'image/webp')
    const replaced = await storage.get('avatars/two.webp')
    expect(replaced?.etag).not.toBe(old?.etag)
    expect(await read(replaced)).toBe('newer')
  })

  it('answers null for no file, and deletes (twice is fine)', async () => {
    expect(await storage.get('avatars/none.webp')).toBeNull()
    await storage.put('avatars/gone.webp', Buffer.from('x'), 'image/webp')
    await storage.delete('avatars/gone.webp')
    expect(await storage.get('avatars/gone.webp')).toBeNull()
    await expect(storage.delete('avatars/gone.webp')).resolves.toBeUndefined()
  })

  it.each(['../secrets.json', 'avatars/../../x', '/etc/passwd', 'avatars/.hidden', 'avatars//x', 'a\\b', ''])(
    'refuses the key %j before touching anything',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/not a storage key/)
      await expect(storage.get(key)).rejects.toThrow(/not a storage key/)
      await expect(storage.delete(key)).rejects.toThrow(/not a storage key/)
    },
  )
})

describe('the folder driver', () => {
  it('keeps files where the server always kept them, leaving no partial file behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'haven-storage-'))
    try {
      const storage = createFolderStorage(dataDir)
      await storage.put('avatars/kept.webp', Buffer.from('x'), 'image/webp')
      expect(readdirSync(join(dataDir, 'images', 'avatars'))).toEqual(['kept.webp'])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('the S3 driver', () => {
  it('fails loudly on a bucket that does not exist, rather than answering "no file"', async () => {
    const s3 = await startS3StandIn()
    const storage = createStorage(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }))
    try {
      await expect(storage.get('avatars/x.webp')).rejects.toThrow()
    } finally {
      storage.close()
      await s3.close()
    }
  })
})
