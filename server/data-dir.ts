// DATA_DIR holds the embedded database, the session secret and the e-mailed sign-in links: nobody but the
// server's user may read it. Made 0700 when created, and set back to 0700 at every start in case it was
// created or loosened by hand. What lies inside is out of other users' reach through it, whatever its own mode.
import { chmodSync, mkdirSync } from 'node:fs'

export function preparePrivateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  chmodSync(dataDir, 0o700)
}
