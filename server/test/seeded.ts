// A freshly seeded database for each test file, seeded once a run and copied: seeding is cheap, but an empty
// PGlite (initdb in WASM) and the migrations cost seconds of CPU per file on PGlite and on PostgreSQL. Each
// demo world (one per number of properties and day, since the seed dates its bookings from today) is made
// the first time a file asks for it: PGlite's data folder is dumped to the run's folder (the global setup's
// `seedCache`) and loaded from there; on PostgreSQL it becomes a template database that `CREATE DATABASE
// … TEMPLATE` copies file by file. Every copy is its file's own, as a fresh seeding was.
import { existsSync, openAsBlob, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import pg from 'pg'
import { inject } from 'vitest'

import { type Database, openDatabase } from '../db/open.ts'
import { seedDemo, type SeedResult } from '../db/seed/seed.ts'

/** Held while a template is made or copied: PostgreSQL copies no database another session is in. */
const TEMPLATE_LOCK = 0x5eed

/** The seed's own "today": bookings are dated from it, so a run that passes midnight seeds again. */
const today = () => new Date().toISOString().slice(0, 10)

const uniqueName = () => `haven_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`

/** Written beside the copy, under another name, then renamed: a reader never sees half a file. */
function writeAtomically(path: string, data: string | Uint8Array) {
  const partial = `${path}.${process.pid}.partial`
  writeFileSync(partial, data)
  renameSync(partial, path)
}

export interface SeededDatabase {
  database: Database
  /** PostgreSQL's, for the app's configuration. */
  url?: string
  seed: SeedResult
}

/** The demo world with `properties` properties in a database of `kind` of its own. */
export async function seededDatabase(
  kind: 'pglite' | 'postgres',
  properties: number,
): Promise<SeededDatabase> {
  if (kind === 'pglite') return seededPglite(properties)
  const { url, seed } = await seededPostgres(properties)
  return { database: await openDatabase({ url }), url, seed }
}

async function seededPglite(properties: number): Promise<{ database: Database; seed: SeedResult }> {
  const base = join(inject('seedCache'), `pglite-${properties}-${today()}`)
  if (existsSync(`${base}.json`)) {
    const database = await openDatabase({ image: await openAsBlob(`${base}.tar`) })
    return { database, seed: JSON.parse(readFileSync(`${base}.json`, 'utf8')) as SeedResult }
  }
  const database = await openDatabase({})
  const seed = await seedDemo(database.db, { properties })
  writeAtomically(`${base}.tar`, new Uint8Array(await (await database.dump!()).arrayBuffer()))
  writeAtomically(`${base}.json`, JSON.stringify(seed))
  return { database, seed }
}

async function seededPostgres(properties: number): Promise<{ url: string; seed: SeedResult }> {
  const adminUrl = inject('postgresUrl')
  if (!adminUrl) throw new Error('no PostgreSQL for this run')
  const urlOf = (name: string) => adminUrl.replace(/\/[^/]*$/, `/${name}`)
  const template = `haven_seed_${properties}_${today().replaceAll('-', '')}`
  const seedFile = join(inject('seedCache'), `${template}.json`)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
    if (!existsSync(seedFile)) {
      await admin.query(`drop database if exists ${template}`)
      await admin.query(`create database ${template}`)
      const database = await openDatabase({ url: urlOf(template) })
      try {
        writeAtomically(seedFile, JSON.stringify(await seedDemo(database.db, { properties })))
      } finally {
        await database.close()
      }
    }
    const name = uniqueName()
    await admin.query(`create database ${name} template ${template}`)
    return { url: urlOf(name), seed: JSON.parse(readFileSync(seedFile, 'utf8')) as SeedResult }
  } finally {
    await admin.end()
  }
}
