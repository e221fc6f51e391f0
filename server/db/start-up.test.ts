// Servers started at the same moment on one empty PostgreSQL database: one migrates and seeds, the others
// wait for it and go on.
import { count, eq } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'

import { createPostgresDatabase } from '../test/harness.ts'
import { openDatabase } from './open.ts'
import { properties, users } from './schema.ts'
import { DEMO_RENTER, seedDemoIfEmpty } from './seed/seed.ts'

describe.skipIf(!inject('postgresUrl'))('servers starting together on one empty PostgreSQL database', () => {
  it('all start, and the demo data is seeded once', async () => {
    const url = await createPostgresDatabase()
    const start = async () => {
      const database = await openDatabase({ url })
      try {
        return { database, seeded: await seedDemoIfEmpty(database, { properties: 5 }) }
      } catch (error) {
        await database.close()
        throw error
      }
    }
    const started = await Promise.allSettled([start(), start(), start()])
    const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    try {
      expect(started.filter((result) => result.status === 'rejected')).toEqual([])
      expect(servers.filter((server) => server.seeded).length).toBe(1)
      const { db } = servers[0]!.database
      const renters = await db.select({ n: count() }).from(users).where(eq(users.email, DEMO_RENTER.email))
      expect(renters[0]?.n).toBe(1)
      const listed = await db.select({ n: count() }).from(properties)
      expect(listed[0]?.n).toBe(5)
    } finally {
      await Promise.all(servers.map((server) => server.database.close()))
    }
  })
})
