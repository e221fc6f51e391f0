// One server per data folder. PGlite keeps the database in memory and writes its files as it goes: two
// processes on one folder each run happily and overwrite each other's writes, losing answers already given.
// So the folder is held through a lock file holding the owner's process id, created only if absent (an
// atomic link, so nobody ever reads half of it). A lock whose process is gone (a crash, a kill -9) is stale
// and taken over; the lock goes when the database closes or the process exits.
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const LOCK_FILE = 'haven.lock'

export class DataDirBusyError extends Error {
  override readonly name = 'DataDirBusyError'
}

/** Lock files this process holds: its own process id in one of them is not a previous life's. */
const held = new Set<string>()

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Whether the lock's owner is a live process other than a previous life of this process id. */
function isLive(file: string, pid: number | undefined): boolean {
  if (pid === undefined) return false
  if (pid === process.pid) return held.has(file)
  return isRunning(pid)
}

/** Moves a stale lock aside; puts it back when, in between, it became a live server's. */
function removeStale(file: string): void {
  const aside = `${file}.${process.pid}.stale`
  try {
    renameSync(file, aside)
  } catch {
    return
  }
  try {
    if (isLive(file, readPid(aside))) linkSync(aside, file)
  } catch {
    // Another server took the place meanwhile: the next attempt sees it.
  } finally {
    rmSync(aside, { force: true })
  }
}

export interface DataDirLock {
  release(): void
}

/**
 * Holds `dataDir` (which must exist) for this process. Throws a DataDirBusyError naming the folder when a live
 * process holds it, this one included.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = resolve(dataDir, LOCK_FILE)
  const busy = (owner?: number) =>
    new DataDirBusyError(
      `Another Haven server is using DATA_DIR ${dataDir}${owner ? ` (process ${owner})` : ''}. Stop it, or ` +
        `give this one another DATA_DIR. If no server runs there, delete ${file}.`,
    )
  const draft = `${file}.${process.pid}.new`
  writeFileSync(draft, `${process.pid}\n`, { mode: 0o600 })
  try {
    let acquired = false
    for (let attempt = 0; attempt < 5 && !acquired; attempt += 1) {
      try {
        linkSync(draft, file)
        acquired = true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        const owner = readPid(file)
        if (isLive(file, owner)) throw busy(owner)
        removeStale(file)
      }
    }
    if (!acquired) throw busy()
  } finally {
    rmSync(draft, { force: true })
  }
  held.add(file)

  const releaseOnExit = () => release()
  function release() {
    if (!held.delete(file)) return
    process.off('exit', releaseOnExit)
    // Only our own: a lock another process took over stays.
    if (readPid(file) === process.pid) rmSync(file, { force: true })
  }
  process.on('exit', releaseOnExit)
  return { release }
}
