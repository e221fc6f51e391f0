import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { preparePrivateDataDir } from './data-dir.ts'

describe('the data folder', () => {
  let root: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'haven-data-dir-'))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('is created readable by its owner only, parents included', () => {
    const dir = join(root, 'var', 'haven')
    preparePrivateDataDir(dir)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it('is tightened at start when it was world-readable, and what is in it stays', () => {
    const dir = join(root, 'data')
    preparePrivateDataDir(dir)
    writeFileSync(join(dir, 'kept.txt'), 'kept')
    chmodSync(dir, 0o777)
    preparePrivateDataDir(dir)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(join(dir, 'kept.txt')).isFile()).toBe(true)
  })
})
