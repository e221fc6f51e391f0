// Service worker registration and its update prompt (registerType 'prompt', CONVENTIONS.md #14): a new
// version waits until the user chooses to reload, so a half-filled form is never lost to an update.
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { onlineManager } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'

import { TOAST_DURATION_MS } from '@/domain/constants'

/** Asks the server for a new service worker when the tab comes back into view, if online and not busy. */
function checkForUpdatesOnVisibility(registration: ServiceWorkerRegistration): void {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !onlineManager.isOnline() || registration.installing) return
    registration.update().catch(() => {
      // Offline or the server is restarting: the next visibility change tries again.
    })
  })
}

export function ReloadPrompt() {
  const { t } = useLingui()
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) checkForUpdatesOnVisibility(registration)
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error)
    },
  })

  useEffect(() => {
    if (!offlineReady) return
    const timer = setTimeout(() => setOfflineReady(false), TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [offlineReady, setOfflineReady])

  if (!needRefresh && !offlineReady) return null

  const close = () => {
    setNeedRefresh(false)
    setOfflineReady(false)
  }

  return (
    <Paper
      role="status"
      shadow="lg"
      p="md"
      withBorder
      pos="fixed"
      bottom={16}
      right={16}
      maw="calc(100vw - 32px)"
      w={360}
      style={{ zIndex: 400 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600}>
          {needRefresh ? <Trans>A new version is available.</Trans> : <Trans>Ready to work offline</Trans>}
        </Text>
        <CloseButton size="sm" onClick={close} aria-label={t`Close`} />
      </Group>
      {needRefresh ? (
        <Group mt="sm" gap="xs">
          <Button size="compact-sm" onClick={() => void updateServiceWorker(true)}>
            <Trans>Reload</Trans>
          </Button>
          <Button size="compact-sm" variant="default" onClick={close}>
            <Trans>Later</Trans>
          </Button>
        </Group>
      ) : null}
    </Paper>
  )
}
