import { Trans } from '@lingui/react/macro'
import { Group, Text } from '@mantine/core'

import { CloudOffIcon } from '@/lib/icons'
import { useOnline } from '@/lib/use-online'

/** A strip under the header while the server cannot be reached: what is shown comes from the device. */
export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <Group role="status" justify="center" gap="xs" py={6} px="md" bg="amber.1" c="amber.9" wrap="nowrap">
      <CloudOffIcon size={18} />
      <Text size="sm" fw={600}>
        <Trans>You are offline. Showing saved data.</Trans>
      </Text>
    </Group>
  )
}
