import { Plural } from '@lingui/react/macro'
import { Badge } from '@mantine/core'

import { useQueuedChanges } from './mutations'

/** "N changes waiting": writes made offline, kept on the device until the server can take them. */
export function QueuedChanges() {
  const count = useQueuedChanges()
  if (count === 0) return null
  return (
    <Badge color="amber" variant="light" size="lg" role="status" style={{ textTransform: 'none' }}>
      <Plural value={count} one="# change waiting" other="# changes waiting" />
    </Badge>
  )
}
