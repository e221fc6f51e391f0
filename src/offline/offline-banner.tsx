import { Trans } from '@lingui/react/macro'
import { Group, Text } from '@mantine/core'

import { useDeviceOnline, useOnline } from '@/lib/use-online'
import { CloudOffIcon } from '@/ui/icons'

/**
 * A strip under the header while the server cannot be reached: what is shown comes from the device. It says
 * why: the device offline, or the device online and Haven not answering (a phone is not offline then).
 */
export function OfflineBanner() {
  const online = useOnline()
  const deviceOnline = useDeviceOnline()
  if (online) return null
  return (
    <Group role="status" justify="center" gap="xs" py={6} px="md" bg="amber.1" c="amber.9" wrap="nowrap">
      <CloudOffIcon size={18} />
      <Text size="sm" fw={600}>
        {deviceOnline ? (
          <Trans>Haven cannot be reached. Showing saved data.</Trans>
        ) : (
          <Trans>You are offline. Showing saved data.</Trans>
        )}
      </Text>
    </Group>
  )
}
