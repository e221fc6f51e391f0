import { Trans } from '@lingui/react/macro'
import { Button, Popover, Text } from '@mantine/core'

import { DownloadIcon } from '@/ui/icons'

/** iOS Safari has no install prompt: explain the Share › Add to Home Screen route instead. */
export default function IosInstallHint({ fullWidth = false }: { fullWidth?: boolean }) {
  return (
    <Popover width={240} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<DownloadIcon size={16} />}
          fullWidth={fullWidth}
        >
          <Trans>Install</Trans>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">
          <Trans>To install Haven, tap Share, then Add to Home Screen.</Trans>
        </Text>
      </Popover.Dropdown>
    </Popover>
  )
}
