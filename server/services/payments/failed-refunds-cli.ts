// `npm run refunds:failed`: the refunds a provider refused or could not make, still to be made, one line each,
// for a person to settle with the agency and the renter until the back office shows them (docs/operations.md).
// The sweep keeps asking for them on its own; this only shows them. On the embedded database it needs the
// server stopped (the data folder is one process's); on PostgreSQL it runs beside the servers.
import { loadConfig } from '../../config.ts'
import { DataDirBusyError } from '../../db/data-lock.ts'
import { openDatabase } from '../../db/open.ts'
import { listFailedRefunds } from './refunds.ts'

const config = loadConfig()
let database
try {
  database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error
  console.error(
    `${error.message}\nStop the server to read the embedded database, or run this against PostgreSQL.`,
  )
  process.exit(1)
}
try {
  const rows = await listFailedRefunds(database.db)
  if (rows.length === 0) console.log('No refund is waiting: every payment to give back was refunded.')
  for (const row of rows) {
    console.log(
      [
        `booking ${row.bookingId}`,
        `${row.provider ?? '-'} ${row.paymentReference ?? '-'}`,
        `USD ${Number(row.amount).toFixed(2)}`,
        `renter ${row.renterEmail}`,
        `agency ${row.agencyId}`,
        `${row.refundStatus}, ${row.attempts} failed ${row.attempts === 1 ? 'try' : 'tries'}`,
        `next try ${row.nextAttemptAt?.toISOString() ?? 'at the next sweep'}`,
      ].join('  '),
    )
  }
} finally {
  await database.close()
}
