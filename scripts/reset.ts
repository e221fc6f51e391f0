// `npm run reset`: deletes the demo data folder (DATA_DIR, `data/` by default: the embedded database, the
// generated images and avatars, the demo mailbox, the generated secrets), so the next start seeds afresh.
// It takes the folder's lock first, so it refuses while a server uses the folder.
import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'

import { DataDirBusyError, lockDataDir } from '../server/db/data-lock.ts'

const dataDir = resolve(process.env.DATA_DIR ?? 'data')
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: this command only resets the embedded database. Nothing was deleted.')
  process.exit(1)
}
if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist.`)
  process.exit(0)
}
try {
  const lock = lockDataDir(dataDir)
  rmSync(dataDir, { recursive: true, force: true })
  lock.release()
  console.log(`Deleted ${dataDir}. The next start seeds fresh demo data.`)
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error
  console.error(`${error.message}\nNothing was deleted.`)
  process.exit(1)
}
