// Runs before each server test file. The files share one process (vitest.config.ts): the test helpers'
// counters are set back to where a file in a process of its own found them, so that what a file's tests get
// (properties, stays, addresses) never depends on the files that ran before it.
import { resetAddresses } from './accounts.ts'
import { resetBookingHelpers } from './bookings.ts'

resetAddresses()
resetBookingHelpers()
