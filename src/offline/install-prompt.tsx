// Install entry point: Chromium fires `beforeinstallprompt`, which we keep and replay from our own button;
// iOS Safari has no such event, so it gets a hint to use Share › Add to Home Screen.
import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { lazy, Suspense, useSyncExternalStore } from 'react'

import { useHydrated } from '@/lib/deferred'
import { DownloadIcon } from '@/ui/icons'

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

// The browser offers the install once, often before React has rendered, and the header has two buttons (the
// bar's and the phone menu's, mounted only while the menu is open): the offer is kept here, for all of them,
// from the moment this module loads.
let offer: BeforeInstallPromptEvent | null = null
let installed = false
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away; the header's button offers the install instead.
    event.preventDefault()
    offer = event as BeforeInstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    offer = null
    installed = true
    changed()
  })
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange)
  return () => listeners.delete(onChange)
}

export function useInstallPrompt() {
  const currentOffer = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  )
  const installedNow = useSyncExternalStore(
    subscribe,
    () => installed,
    () => false,
  )
  // Browser facts are read after hydration: the prerendered header, made with no browser, has no button.
  const hydrated = useHydrated()
  const standalone = installedNow || (hydrated && isStandalone())

  const install = async () => {
    const event = offer
    if (!event) return
    // The offer can only be used once.
    offer = null
    changed()
    await event.prompt()
    await event.userChoice
  }

  return {
    canInstall: currentOffer !== null && !standalone,
    showIosHint: hydrated && !standalone && isIosSafari(),
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
