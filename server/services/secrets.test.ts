import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { loadSecrets } from './secrets.ts'

describe('secrets', () => {
  const dirs: string[] = []
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'haven-secrets-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('generates them once into secrets.json (0600) and reads them back', async () => {
    const dir = join(fresh(), 'nested')
    const first = await loadSecrets(dir)
    expect(first.sessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600)
    expect(await loadSecrets(dir)).toEqual(first)
  })

  it('agrees with itself when several start at once', async () => {
    const dir = fresh()
    const all = await Promise.all(Array.from({ length: 5 }, () => loadSecrets(dir)))
    expect(new Set(all.map((secrets) => secrets.sessionSecret)).size).toBe(1)
  })

  it('takes given secrets over stored ones and never writes them', async () => {
    const dir = fresh()
    const given = {
      sessionSecret: 'from-the-environment-and-long-enough-to-count',
      vapid: { publicKey: 'given-public-key', privateKey: 'given-private-key' },
    }
    expect(await loadSecrets(dir, given)).toEqual(given)
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow()
  })

  it('adds a missing secret to an existing file and keeps the others', async () => {
    const dir = fresh()
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ vapid: 'kept' }), { mode: 0o600 })
    const secrets = await loadSecrets(dir)
    expect(secrets.sessionSecret).toBeTruthy()
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toMatchObject({ vapid: 'kept' })
  })

  it('refuses a file it cannot read rather than signing everyone out', async () => {
    const dir = fresh()
    writeFileSync(join(dir, 'secrets.json'), '{ not json')
    await expect(loadSecrets(dir)).rejects.toThrow(/secrets\.json/)
  })
})
