// The settings' push switch where push can never work: one sentence says so, the switch stays off, and no
// 'try again later' is offered; a trouble that may pass still offers it.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { call } from '@/lib/api-client'
import { ToastHost } from '@/ui/toast-host'

import { RenterPushSwitch } from './push-switch'

// Every call answers as the server's VAPID key does; subscribing answers nothing that is read.
vi.mock('@/lib/api-client', () => ({ call: vi.fn(async () => ({ publicKey: 'BEl6' })) }))

const TEXTS = {
  en: {
    label: 'Push notifications on this device',
    never: 'Push notifications cannot work here: private windows and some browsers cannot receive them.',
    blocked:
      'Notifications are blocked for Haven in this browser: allow them in the browser’s site settings, then come back here.',
    later: 'Push notifications could not be changed. Try again later.',
  },
  fr: {
    label: 'Notifications push sur cet appareil',
    never:
      'Les notifications push ne peuvent pas fonctionner ici : les fenêtres de navigation privée et certains navigateurs ne peuvent pas les recevoir.',
    blocked:
      'Les notifications de Haven sont bloquées dans ce navigateur : autorisez-les dans les paramètres du site du navigateur, puis revenez ici.',
    later: 'Les notifications push n’ont pas pu être modifiées. Réessayez plus tard.',
  },
} as const

type Locale = keyof typeof TEXTS

interface Browser {
  /** The worker's registration once the page has loaded: none where it could not register. */
  registered?: boolean
  /** What asking for permission answers. */
  answer?: NotificationPermission
  /** What the browser's push service answers a subscription with. */
  subscribe?: () => Promise<unknown>
}

function browser({ registered = true, answer = 'granted', subscribe }: Browser) {
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn() }
  notification.requestPermission.mockImplementation(async () => {
    notification.permission = answer
    return answer
  })
  const registration = {
    pushManager: { getSubscription: async () => null, subscribe: subscribe ?? (async () => ({})) },
  }
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', notification)
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (registered ? registration : undefined),
      ready: Promise.resolve(registration),
    },
  })
  return notification
}

async function turnOn(locale: Locale) {
  await activateLocale(locale)
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <RenterPushSwitch />
        <ToastHost />
      </MantineProvider>
    </I18nProvider>,
  )
  // Its label holds the description too.
  const toggle = screen.getByRole('switch', { name: (name) => name.startsWith(TEXTS[locale].label) })
  await vi.waitFor(() => expect(toggle).toBeEnabled())
  await userEvent.setup().click(toggle)
  return toggle
}

afterEach(() => {
  notifications.clean()
  vi.unstubAllGlobals()
  vi.mocked(call).mockClear()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('the push switch where push can never work', () => {
  it.each(['en', 'fr'] as const)(
    'says so in one sentence when the push service refuses for good, as in a private window (%s)',
    async (locale) => {
      browser({
        subscribe: async () => {
          throw new DOMException('Registration failed - push service not available', 'AbortError')
        },
      })
      const toggle = await turnOn(locale)
      expect(await screen.findByRole('status')).toHaveTextContent(TEXTS[locale].never)
      expect(toggle).not.toBeChecked()
      expect(toggle).toBeDisabled()
      expect(screen.queryByText(TEXTS[locale].later)).toBeNull()
    },
  )

  it.each(['en', 'fr'] as const)(
    'says so without asking for permission when no service worker could register (%s)',
    async (locale) => {
      const notification = browser({ registered: false })
      const toggle = await turnOn(locale)
      expect(await screen.findByRole('status')).toHaveTextContent(TEXTS[locale].never)
      expect(toggle).toBeDisabled()
      expect(notification.requestPermission).not.toHaveBeenCalled()
      expect(screen.queryByText(TEXTS[locale].later)).toBeNull()
    },
  )

  it.each(['en', 'fr'] as const)(
    'says in one sentence that notifications are blocked (%s)',
    async (locale) => {
      browser({ answer: 'denied' })
      const toggle = await turnOn(locale)
      expect(await screen.findByRole('status')).toHaveTextContent(TEXTS[locale].blocked)
      expect(toggle).toBeDisabled()
      expect(screen.queryByText(TEXTS[locale].later)).toBeNull()
    },
  )

  it('still offers to try again later when the server could not be reached', async () => {
    browser({})
    vi.mocked(call).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const toggle = await turnOn('en')
    expect(await screen.findByText(TEXTS.en.later)).toBeInTheDocument()
    await vi.waitFor(() => expect(toggle).toBeEnabled())
    expect(screen.queryByRole('status')).toBeNull()
  })
})
