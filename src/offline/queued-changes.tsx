import { Plural } from '@lingui/react/macro'
import { Badge } from '@mantine/core'

import { useWaitingCommands } from './outbox'

/** "N changes waiting": changes made offline, kept in the outbox until the server can take them. */
export function QueuedChanges() {
  const count = useWaitingCommands()
  if (count === 0) return null
  return (
    <Badge color="amber" variant="light" size="lg" role="status" style={{ textTransform: 'none' }}>
      <Plural value={count} one="# change waiting" other="# changes waiting" />
    </Badge>
  )
}
