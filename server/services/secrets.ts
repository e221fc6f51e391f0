// Server secrets (docs/architecture.md, Embedded defaults and production): taken from the environment when
// given, otherwise generated once into $DATA_DIR/secrets.json (mode 0600) and read back on every start, so
// sessions survive a restart. A secret added later is generated into the existing file without touching the
// others.
import { randomBytes } from 'node:crypto'
import { chmod, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import webPush from 'web-push'

/** A VAPID key pair (base64url), as web-push makes it. */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export interface Secrets {
  /** Keys the HMAC under which session tokens are stored: a copy of the database alone cannot use them. */
  sessionSecret: string
  /** Signs web pushes (VAPID); a browser subscribed with the public key gets pushes only from this pair. */
  vapid: VapidKeys
}

const GENERATORS: { [K in keyof Secrets]: () => Secrets[K] } = {
  sessionSecret: () => randomBytes(32).toString('base64url'),
  vapid: () => webPush.generateVAPIDKeys(),
}

export const SECRETS_FILE = 'secrets.json'

async function readStored(file: string): Promise<Partial<Secrets> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Secrets>) : {}
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`${file} is not readable JSON: fix or delete it (deleting it signs everyone out)`, {
      cause: error,
    })
  }
}

/** Writes beside the file, then links (first writer wins) or renames (adding keys) it into place: never half a file. */
async function writeStored(file: string, secrets: Partial<Secrets>, replace: boolean): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  await chmod(temporary, 0o600)
  try {
    if (replace) await rename(temporary, file)
    else await link(temporary, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    await rm(temporary, { force: true })
  }
}

/**
 * The secrets of this server: each one from `given` (the environment) when set, otherwise from
 * `dataDir/secrets.json`, generated there on first need. Nothing given is ever written to disk.
 */
export async function loadSecrets(dataDir: string, given: Partial<Secrets> = {}): Promise<Secrets> {
  const missing = (Object.keys(GENERATORS) as (keyof Secrets)[]).filter((name) => !given[name])
  if (missing.length === 0) return given as Secrets
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const file = join(dataDir, SECRETS_FILE)
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const stored = await readStored(file)
    const absent = missing.filter((name) => !stored?.[name])
    if (stored && absent.length === 0) return { ...stored, ...given } as Secrets
    const next: Partial<Record<keyof Secrets, unknown>> = { ...stored }
    for (const name of absent) next[name] = GENERATORS[name]()
    // Lost a race with another process starting at the same moment: read what it wrote.
    if (await writeStored(file, next as Partial<Secrets>, stored !== undefined)) {
      return { ...next, ...given } as Secrets
    }
  }
  throw new Error(`could not create ${file}`)
}
