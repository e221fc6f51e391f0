// What a file store promises, whichever driver keeps the files (storage.ts picks one), and the keys it takes.
import type { Readable } from 'node:stream'

export interface StoredFile {
  body: Readable
  contentType: string
  /** In bytes. */
  size: number
  /** As HTTP sends it, quotes included: changes whenever the content does. */
  etag: string
  lastModified: Date
}

export interface FileStorage {
  /** Stores `bytes` under `key`, replacing what was there; readers see the old file or the new, whole. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The file, or null when there is none. The caller reads or destroys its body. */
  get(key: string): Promise<StoredFile | null>
  /** Deletes the file; none there is not an error. */
  delete(key: string): Promise<void>
  close(): void
}

/**
 * Keys are paths of plain names (`avatars/3f…e1.webp`): letters, digits, `-`, `_` and inner dots, no name
 * starting with a dot. Whatever else reaches a driver is a bug or an attack, refused before any file is
 * touched.
 */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.length > 512) throw new Error(`not a storage key: ${JSON.stringify(key)}`)
}

/** Whether `name` can be one file's name in a key. */
export const isFileName = (name: string) => !name.includes('/') && KEY.test(name) && name.length <= 200

/** Where an avatar is kept, served at /images/avatars/{file}. */
export const avatarKey = (file: string) => `avatars/${file}`

/** Where a property image is kept in each size, served at /images/properties/{file} and …/large/{file}. */
export const propertyImageKey = (file: string) => `properties/${file}`
export const propertyLargeImageKey = (file: string) => `properties/large/${file}`
/** Where an agency's logo is kept, served at /images/agencies/{file}. */
export const agencyLogoKey = (file: string) => `agencies/${file}`
