// Install entry point: Chromium fires `beforeinstallprompt`, which we keep and replay from our own button;
// iOS Safari has no such event, so it gets a hint to use Share › Add to Home Screen.
import { Button } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useState } from 'react'

import { useHydrated } from '@/lib/deferred'
import { DownloadIcon } from '@/lib/icons'

// iOS only: the popover's positioning library is not worth loading anywhere else.
const IosInstallHint = lazy(() => import('./ios-install-hint'))

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent
  const ios =
    /iPad|iPhone|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua)
}

export function useInstallPrompt() {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null)
  // Browser facts are read after hydration: the prerendered header, made with no browser, has no button.
  const hydrated = useHydrated()
  const [installed, setInstalled] = useState(false)

  useEffect(() => {
    setInstalled(isStandalone())
    const onBeforeInstall = (event: Event) => {
      // Keep the browser's mini-infobar away; the header's button offers the install instead.
      event.preventDefault()
      setDeferred(event as BeforeInstallPromptEvent)
    }
    const onInstalled = () => {
      setDeferred(null)
      setInstalled(true)
    }
    window.addEventListener('beforeinstallprompt', onBeforeInstall)
    window.addEventListener('appinstalled', onInstalled)
    return () => {
      window.removeEventListener('beforeinstallprompt', onBeforeInstall)
      window.removeEventListener('appinstalled', onInstalled)
    }
  }, [])

  const install = async () => {
    if (!deferred) return
    await deferred.prompt()
    await deferred.userChoice
    // The event can only be used once.
    setDeferred(null)
  }

  return {
    canInstall: deferred !== null && !installed,
    showIosHint: hydrated && !installed && isIosSafari(),
    install,
  }
}

export function InstallButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { canInstall, showIosHint, install } = useInstallPrompt()

  if (canInstall) {
    return (
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<DownloadIcon size={16} />}
        onClick={() => void install()}
        fullWidth={fullWidth}
      >
        <Trans>Install</Trans>
      </Button>
    )
  }
  if (showIosHint) {
    return (
      <Suspense fallback={null}>
        <IosInstallHint fullWidth={fullWidth} />
      </Suspense>
    )
  }
  return null
}
