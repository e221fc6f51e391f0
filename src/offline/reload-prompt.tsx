// The service worker's notices (service-worker.ts): "ready to work offline", a toast after the first install
// (it floats over the page: shown in the page's flow, it pushed every screen down 55 px on a phone, a layout
// shift of 0.06 on the first visit; at the foot of the screen, as the header's controls are what a first
// visit reaches for), and "a new version is available" until the user reloads or dismisses it, which the
// layout places under the header, so that on a phone it sits in the page's flow. A new version is offered
// only while the server can be reached: it starts without the screens the old one saved for offline
// (src/offline/persister.ts), which it could not load again there; the offer comes back with the connection.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core'
import { useEffect } from 'react'

import { useOnline } from '@/lib/use-online'
import { showToast } from '@/ui/toast'

import classes from './reload-prompt.module.css'
import { applyUpdate, dismissServiceWorkerNotice, useServiceWorkerState } from './service-worker'

export function ReloadPrompt() {
  const { t } = useLingui()
  const { needRefresh: updateWaiting, offlineReady } = useServiceWorkerState()
  const online = useOnline()
  const needRefresh = updateWaiting && online

  useEffect(() => {
    if (!offlineReady || updateWaiting) return
    // At the top it would cover the header's controls (the menu, language, Sign in) for its 5 seconds.
    showToast({ message: t`Ready to work offline`, position: 'bottom-center' })
    dismissServiceWorkerNotice()
  }, [offlineReady, updateWaiting, t])

  if (!needRefresh) return null

  return (
    <Paper role="status" shadow="lg" p="md" withBorder className={classes.prompt}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600}>
          <Trans>A new version is available.</Trans>
        </Text>
        <CloseButton size="sm" onClick={dismissServiceWorkerNotice} aria-label={t`Close`} />
      </Group>
      <Group mt="sm" gap="xs">
        <Button size="compact-sm" onClick={applyUpdate}>
          <Trans>Reload</Trans>
        </Button>
        <Button size="compact-sm" variant="default" onClick={dismissServiceWorkerNotice}>
          <Trans>Later</Trans>
        </Button>
      </Group>
    </Paper>
  )
}
