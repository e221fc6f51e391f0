// The service worker's notices (service-worker.ts): "ready to work offline" for a moment after the first
// install, and "a new version is available" until the user reloads or dismisses it. The layout places it under
// the header, so that on a phone it can sit in the page's flow.
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'

import { TOAST_DURATION_MS } from '@/domain/constants'

import classes from './reload-prompt.module.css'
import { applyUpdate, dismissServiceWorkerNotice, useServiceWorkerState } from './service-worker'

export function ReloadPrompt() {
  const { t } = useLingui()
  const { needRefresh, offlineReady } = useServiceWorkerState()

  useEffect(() => {
    if (!offlineReady || needRefresh) return
    const timer = setTimeout(dismissServiceWorkerNotice, TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [offlineReady, needRefresh])

  if (!needRefresh && !offlineReady) return null

  return (
    <Paper role="status" shadow="lg" p="md" withBorder className={classes.prompt}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600}>
          {needRefresh ? <Trans>A new version is available.</Trans> : <Trans>Ready to work offline</Trans>}
        </Text>
        <CloseButton size="sm" onClick={dismissServiceWorkerNotice} aria-label={t`Close`} />
      </Group>
      {needRefresh ? (
        <Group mt="sm" gap="xs">
          <Button size="compact-sm" onClick={applyUpdate}>
            <Trans>Reload</Trans>
          </Button>
          <Button size="compact-sm" variant="default" onClick={dismissServiceWorkerNotice}>
            <Trans>Later</Trans>
          </Button>
        </Group>
      ) : null}
    </Paper>
  )
}
