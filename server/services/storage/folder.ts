// The embedded driver: files in $DATA_DIR/images/{key}, as the server has always kept them. A file is
// written beside its place and renamed into it, so nobody reads half of one. A folder has no place for a
// content type: it is told by the file's extension.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, extname, join } from 'node:path'

import { assertKey, type FileStorage } from './file-storage.ts'

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
}

export function createFolderStorage(dataDir: string): FileStorage {
  const root = join(dataDir, 'images')
  const pathOf = (key: string) => {
    assertKey(key)
    return join(root, key)
  }
  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.part`)
      try {
        await writeFile(temporary, bytes)
        await rename(temporary, path)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async get(key) {
      const path = pathOf(key)
      let info
      try {
        info = await stat(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      if (!info.isFile()) return null
      return {
        body: createReadStream(path),
        contentType: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
        size: info.size,
        // As @fastify/static tells a file's version: its size and time of change.
        etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
        lastModified: info.mtime,
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true })
    },
    close() {},
  }
}
