// The service worker's registration and update flow (service-worker.ts, service-worker-registration.ts) with
// workbox-window played by a stand-in that records what the app asks of it and plays the worker's lifecycle
// events: a new version is offered and applied only on the user's word, the first install is told once.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { onlineManager } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'

const { StandInWorkbox, workboxes } = vi.hoisted(() => {
  const workboxes: InstanceType<typeof StandInWorkbox>[] = []
  class StandInWorkbox {
    static failRegistration = false
    readonly listeners = new Map<string, Set<(event: object) => void>>()
    readonly registration = { installing: null as object | null }
    readonly register = vi.fn(() =>
      StandInWorkbox.failRegistration
        ? Promise.reject(new Error('The script could not be fetched'))
        : Promise.resolve(this.registration),
    )
    readonly update = vi.fn(() => Promise.resolve())
    readonly messageSkipWaiting = vi.fn()
    constructor(
      readonly scriptURL: string,
      readonly options: object,
    ) {
      workboxes.push(this)
    }
    addEventListener(type: string, listener: (event: object) => void) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set())
      this.listeners.get(type)!.add(listener)
    }
    removeEventListener(type: string, listener: (event: object) => void) {
      this.listeners.get(type)?.delete(listener)
    }
    /** Plays a lifecycle event as workbox-window dispatches it. */
    emit(type: string, props: object = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener({ type, target: this, ...props })
    }
  }
  return { StandInWorkbox, workboxes }
})

vi.mock('workbox-window', () => ({ Workbox: StandInWorkbox }))

/** The browser's side: a page with a worker in control or not, and a reload that records its calls. */
function stubBrowser({ controlled }: { controlled: boolean }) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: controlled ? {} : null },
  })
  const reload = vi.fn()
  vi.stubGlobal('location', { ...window.location, reload })
  return { reload }
}

/** A fresh copy of the flow's modules (their state is module-wide), registered as main.tsx does. */
async function registered() {
  vi.resetModules()
  const serviceWorker = await import('./service-worker')
  const { ReloadPrompt } = await import('./reload-prompt')
  // The toasts' container from the same copy of src/ui/toast.ts as the prompt's.
  const { ToastHost } = await import('@/ui/toast-host')
  await serviceWorker.registerServiceWorker()
  expect(workboxes).toHaveLength(1)
  const workbox = workboxes[0]!
  // The layout shows the prompt only while there is something to say (src/app/layout/root-layout.tsx).
  function Notice() {
    const { needRefresh, offlineReady } = serviceWorker.useServiceWorkerState()
    return needRefresh || offlineReady ? <ReloadPrompt /> : null
  }
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <Notice />
        <ToastHost />
      </MantineProvider>
    </I18nProvider>,
  )
  return { workbox, serviceWorker }
}

const play = (workbox: InstanceType<typeof StandInWorkbox>, type: string, props: object = {}) =>
  act(async () => workbox.emit(type, props))

const updatePrompt = () => screen.queryByRole('status')

beforeEach(async () => {
  workboxes.length = 0
  StandInWorkbox.failRegistration = false
  await activateLocale('en')
})

afterEach(async () => {
  // The copy of the toasts' store the test's modules used.
  const { notifications } = await import('@mantine/notifications')
  notifications.clean()
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('registration', () => {
  it('registers /sw.js for the whole app through workbox-window', async () => {
    stubBrowser({ controlled: false })
    const { workbox } = await registered()
    expect(workbox.scriptURL).toBe('/sw.js')
    expect(workbox.options).toEqual({ scope: '/' })
    expect(workbox.register).toHaveBeenCalledTimes(1)
  })

  it('does nothing where the browser has no service workers', async () => {
    vi.resetModules()
    const { registerServiceWorker } = await import('./service-worker')
    await registerServiceWorker()
    expect(workboxes).toHaveLength(0)
  })

  it('waits for the page to load before fetching workbox-window', async () => {
    stubBrowser({ controlled: false })
    vi.resetModules()
    const { registerServiceWorker } = await import('./service-worker')
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive')
    try {
      const registering = registerServiceWorker()
      // Had the registration started, it would be past this point: its import began first.
      await import('./service-worker-registration')
      expect(workboxes).toHaveLength(0)
      window.dispatchEvent(new Event('load'))
      await registering
      expect(workboxes).toHaveLength(1)
    } finally {
      readyState.mockRestore()
    }
  })

  it('says so in the console when registration fails, and asks for no update after', async () => {
    stubBrowser({ controlled: true })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      StandInWorkbox.failRegistration = true
      vi.resetModules()
      const { registerServiceWorker } = await import('./service-worker')
      await registerServiceWorker()
      expect(warn).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error))
      document.dispatchEvent(new Event('visibilitychange'))
      expect(workboxes[0]!.update).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })
})

describe('a new version', () => {
  it('waiting is offered, and accepted hands over to it, then reloads once it controls the page', async () => {
    const { reload } = stubBrowser({ controlled: true })
    const { workbox } = await registered()
    expect(updatePrompt()).toBeNull()

    await play(workbox, 'waiting', { isUpdate: true })
    const prompt = await screen.findByRole('status')
    expect(prompt).toHaveTextContent('A new version is available.')
    // Nothing is handed over before the user says so.
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1)
    // The page reloads only once the new version has taken over.
    expect(reload).not.toHaveBeenCalled()
    await play(workbox, 'controlling', { isUpdate: true })
    expect(reload).toHaveBeenCalledTimes(1)
    await play(workbox, 'controlling', { isUpdate: true })
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('found long after registering (an "external" one, without isUpdate) is offered too', async () => {
    stubBrowser({ controlled: true })
    const { workbox } = await registered()
    await play(workbox, 'installed', { isExternal: true })
    await play(workbox, 'waiting', { isExternal: true })
    expect(await screen.findByRole('status')).toHaveTextContent('A new version is available.')
    // An update is not a first install.
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('taking control without the user’s word (another tab accepted it) does not reload this page', async () => {
    const { reload } = stubBrowser({ controlled: true })
    const { workbox } = await registered()
    await play(workbox, 'waiting', { isUpdate: true })
    await play(workbox, 'controlling', { isUpdate: true })
    expect(reload).not.toHaveBeenCalled()
  })

  it('put off with Later is not applied, and the prompt goes', async () => {
    const { reload } = stubBrowser({ controlled: true })
    const { workbox } = await registered()
    await play(workbox, 'waiting', { isUpdate: true })
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }))
    expect(updatePrompt()).toBeNull()
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled()
    await play(workbox, 'controlling', { isUpdate: true })
    expect(reload).not.toHaveBeenCalled()
  })

  it('is not offered offline, and is offered again with the connection', async () => {
    stubBrowser({ controlled: true })
    const { workbox } = await registered()
    await play(workbox, 'waiting', { isUpdate: true })
    expect(await screen.findByRole('status')).toBeInTheDocument()
    act(() => onlineManager.setOnline(false))
    expect(updatePrompt()).toBeNull()
    act(() => onlineManager.setOnline(true))
    expect(updatePrompt()).toHaveTextContent('A new version is available.')
  })

  it('is looked for when the tab comes back into view while online, and not offline', async () => {
    stubBrowser({ controlled: true })
    const { workbox } = await registered()
    document.dispatchEvent(new Event('visibilitychange'))
    expect(workbox.update).toHaveBeenCalledTimes(1)

    onlineManager.setOnline(false)
    document.dispatchEvent(new Event('visibilitychange'))
    expect(workbox.update).toHaveBeenCalledTimes(1)
    onlineManager.setOnline(true)

    // Not while one is already installing.
    workbox.registration.installing = {}
    document.dispatchEvent(new Event('visibilitychange'))
    expect(workbox.update).toHaveBeenCalledTimes(1)
  })
})

describe('the first install', () => {
  it('says "Ready to work offline" once, and offers no update', async () => {
    stubBrowser({ controlled: false })
    const { workbox, serviceWorker } = await registered()
    await play(workbox, 'installed')
    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Ready to work offline')
    expect(updatePrompt()).toBeNull()
    // Told, the notice is done with: nothing shows it again.
    let state: unknown
    function Read() {
      state = serviceWorker.useServiceWorkerState()
      return null
    }
    render(<Read />)
    expect(state).toEqual({ needRefresh: false, offlineReady: false })
    await play(workbox, 'activated')
    await play(workbox, 'controlling')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })

  it('is not told when the page already runs a version (an update installed)', async () => {
    stubBrowser({ controlled: true })
    const { workbox, serviceWorker } = await registered()
    await play(workbox, 'installed', { isUpdate: true })
    let state: unknown
    function Read() {
      state = serviceWorker.useServiceWorkerState()
      return null
    }
    render(<Read />)
    expect(state).toEqual({ needRefresh: false, offlineReady: false })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('taking control of the page (clientsClaim) does not reload it', async () => {
    const { reload } = stubBrowser({ controlled: false })
    const { workbox } = await registered()
    await play(workbox, 'installed')
    await screen.findByRole('alert')
    await play(workbox, 'activated')
    await play(workbox, 'controlling')
    expect(reload).not.toHaveBeenCalled()
  })
})
