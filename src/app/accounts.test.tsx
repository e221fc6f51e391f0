// Accounts on the client, through the real route tree, providers and persisted cache, with the API mocked at
// `fetch`: the sign-up rules and messages (English and French), sign-in, the session check on load, the route
// guards and what sign-out leaves behind.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { get, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { readSessionUser, type SessionUser } from '@/entities/session/session'
import { checkSessionOnLoad, resetSessionCheck, signOut } from '@/entities/session/session-lifecycle'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { createQueryClient } from '@/lib/query-client'
import { persistKey } from '@/offline/persister'
import {
  type Call,
  type Handler,
  json,
  mockApi as mockAppApi,
  renderAt,
  submitFrenchSignUp,
} from '@/test/app-harness'

const USER: SessionUser = {
  _id: '7',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  phone: '',
  birthDate: '1990-05-01',
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
  avatar: null,
  type: 'USER',
  hasPassword: true,
}

let calls: Call[] = []

/** The API answers by `METHOD path` (sign-in widgets off); `calls` records what the app asked. */
function mockApi(routes: Record<string, Handler>) {
  calls = mockAppApi(AUTH_CONFIG_OFF, routes)
}

/** A persisted query cache as the persister writes it (this build's buster, nothing in it). */
const persistedCache = () => PERSISTED_CACHE
const PERSISTED_CACHE = JSON.stringify({
  buster: 'test',
  timestamp: Date.now(),
  clientState: { queries: [], mutations: [] },
})

function storeUser(user: SessionUser, stayConnected = true) {
  window.localStorage.setItem('user', JSON.stringify(user))
  window.localStorage.setItem('stay-connected', String(stayConnected))
}

beforeEach(async () => {
  resetSessionCheck()
  await activateLocale('en')
})

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

describe('sign-up', () => {
  it('lists the empty required fields and asks to accept the Terms of Use, in English', async () => {
    mockApi({})
    await renderAt('/sign-up')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign up' }))
    expect(screen.getByText('Please fix errors.')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Please fill in the fields: Full name, E-mail, Birth date, Password, Confirm password',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Please accept the Terms of Use.')).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
      'href',
      '/tos',
    )
    expect(calls.filter((call) => call.url === '/api/sign-up')).toHaveLength(0)
  })

  it('says "Please fill in the field:" for a single empty field', async () => {
    mockApi({})
    await renderAt('/sign-up')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Full name/), 'Ada Lovelace')
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com')
    fireEvent.change(screen.getByLabelText(/Birth date/), { target: { value: '1990-05-01' } })
    await user.type(screen.getByLabelText(/^Password/), 'secret1')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByText('Please fill in the field: Confirm password')).toBeInTheDocument()
  })

  it('shows each rule beside its field and keeps everything typed', async () => {
    mockApi({})
    await renderAt('/sign-up')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Full name/), 'Ada Lovelace')
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-address')
    await user.type(screen.getByLabelText(/Phone/), 'call me')
    const young = `${new Date().getFullYear() - 20}-01-01`
    fireEvent.change(screen.getByLabelText(/Birth date/), { target: { value: young } })
    await user.type(screen.getByLabelText(/^Password/), 'abc')
    await user.type(screen.getByLabelText(/Confirm password/), 'abd')
    await user.click(screen.getByRole('button', { name: 'Sign up' }))

    expect(screen.getByText('Please fix errors.')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid phone number.')).toBeInTheDocument()
    expect(screen.getByText('You must be at least 21 years old.')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument()
    expect(screen.getByText("Passwords don't match.")).toBeInTheDocument()
    expect(screen.getByText('Please accept the Terms of Use.')).toBeInTheDocument()
    // Beside its field: the input names its error.
    expect(screen.getByLabelText(/Birth date/)).toHaveAccessibleDescription(
      'You must be at least 21 years old.',
    )
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('not-an-address')
    expect(screen.getByLabelText(/^Password/)).toHaveValue('abc')
    expect(screen.getByLabelText(/Confirm password/)).toHaveValue('abd')
  })

  it('is translated in French', async () => {
    await activateLocale('fr')
    mockApi({})
    await renderAt('/sign-up')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Nom complet/), 'Ada Lovelace')
    fireEvent.change(screen.getByLabelText(/Date de naissance/), {
      target: { value: `${new Date().getFullYear() - 20}-01-01` },
    })
    await user.type(screen.getByLabelText(/^Mot de passe/), 'abc')
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'abd')
    await user.click(screen.getByRole('button', { name: 'S’inscrire' }))
    expect(screen.getByText('Veuillez corriger les erreurs.')).toBeInTheDocument()
    expect(screen.getByText('Veuillez remplir le champ : E-mail')).toBeInTheDocument()
    expect(screen.getByText('Vous devez avoir au moins 21 ans.')).toBeInTheDocument()
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeInTheDocument()
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeInTheDocument()
    expect(screen.getByText('Veuillez accepter les conditions d’utilisation.')).toBeInTheDocument()
  })

  async function fillValidForm() {
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/Full name/), 'Ada Lovelace')
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com')
    fireEvent.change(screen.getByLabelText(/Birth date/), { target: { value: '1990-05-01' } })
    await user.type(screen.getByLabelText(/^Password/), 'secret1')
    await user.type(screen.getByLabelText(/Confirm password/), 'secret1')
    await user.click(screen.getByRole('checkbox'))
    await user.click(screen.getByRole('button', { name: 'Sign up' }))
  }

  it('puts a taken address beside the e-mail field, in the interface language, keeping the form', async () => {
    mockApi({
      'POST /api/sign-up': () =>
        json(409, {
          error: 'email_taken',
          message: 'This email address is already registered.',
          fields: { email: 'email_taken' },
        }),
    })
    await renderAt('/sign-up')
    await fillValidForm()
    expect(await screen.findByText('This email address is already registered.')).toBeInTheDocument()
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ada@example.com')
    expect(screen.getByLabelText(/^Password/)).toHaveValue('secret1')
    expect(calls.find((call) => call.url === '/api/sign-up')?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      acceptTerms: true,
      fullName: 'Ada Lovelace',
      birthDate: '1990-05-01',
      language: 'en',
    })
  })

  it("translates the server's refusal of an invalid character beside its field", async () => {
    await activateLocale('fr')
    const refusal = 'Please remove the invalid character.'
    mockApi({
      'POST /api/sign-up': () =>
        json(400, {
          error: 'validation',
          message: `fullName: ${refusal}`,
          fields: { fullName: 'invalid_character' },
        }),
    })
    await renderAt('/sign-up')
    await submitFrenchSignUp()
    await waitFor(() =>
      expect(screen.getByLabelText(/Nom complet/)).toHaveAccessibleDescription(
        'Veuillez retirer le caractère non valide.',
      ),
    )
    expect(screen.queryByText(refusal)).toBeNull()
  })

  it("says 'An error occurred during sign up.' when the server fails", async () => {
    // A failure the client has no words of its own for: the screen's product message, not the server's text.
    mockApi({
      'POST /api/sign-up': () => json(500, { error: 'internal', message: 'The database is on fire.' }),
    })
    await renderAt('/sign-up')
    await fillValidForm()
    expect(await screen.findByText('An error occurred during sign up.')).toBeInTheDocument()
    expect(screen.queryByText('The database is on fire.')).toBeNull()
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace')
  })

  it('asks to check the e-mail once signed up, and can send it again', async () => {
    mockApi({
      'POST /api/sign-up': () => json(200, {}),
      'POST /api/resend/frontend/ada%40example.com/false': () => json(200, {}),
    })
    await renderAt('/sign-up')
    await fillValidForm()
    expect(await screen.findByText('Check your e-mail')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }))
    expect(await screen.findByText('Activation email sent.')).toBeInTheDocument()
  })
})

describe('sign-in', () => {
  it('says the credentials are wrong, keeping the address', async () => {
    mockApi({
      'POST /api/sign-in/frontend': () =>
        json(401, { error: 'incorrect_credentials', message: 'Incorrect email or password.' }),
    })
    await renderAt('/sign-in')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument()
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('ada@example.com')
    expect(readSessionUser()).toBeNull()
  })

  it.each([
    ['en', 'Sign in', /^Password/, 'Activate your account from the e-mail we sent you.'],
    [
      'fr',
      'Se connecter',
      /^Mot de passe/,
      'Activez votre compte depuis l’e-mail que nous vous avons envoyé.',
    ],
  ] as const)(
    'says an account not activated yet must be activated from its e-mail, not that the password is wrong (%s)',
    async (language, button, passwordLabel, expected) => {
      await activateLocale(language)
      mockApi({
        'POST /api/sign-in/frontend': () =>
          json(403, {
            error: 'not_activated',
            message: 'Activate your account from the e-mail we sent you.',
          }),
      })
      await renderAt('/sign-in')
      const user = userEvent.setup()
      await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com')
      await user.type(screen.getByLabelText(passwordLabel), 'secret1')
      await user.click(screen.getByRole('button', { name: button }))
      expect(await screen.findByText(expected)).toBeInTheDocument()
      expect(screen.queryByText(/Incorrect email or password|E-mail ou mot de passe incorrect/)).toBeNull()
      expect(readSessionUser()).toBeNull()
    },
  )

  it('keeps the user, switches to their language and returns where they were going', async () => {
    mockApi({ 'POST /api/sign-in/frontend': () => json(200, { ...USER, language: 'fr' }) })
    const { router } = await renderAt('/sign-in?redirect=%2Fsettings')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'secret1')
    await user.click(screen.getByRole('checkbox', { name: 'Stay connected' }))
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(calls.find((call) => call.url === '/api/sign-in/frontend')?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      stayConnected: true,
    })
    expect(readSessionUser()?._id).toBe('7')
    expect(window.localStorage.getItem('stay-connected')).toBe('true')
    expect(document.documentElement.lang).toBe('fr')
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument()
  })

  it('shows a suspended account as such, and keeps it loaded', async () => {
    mockApi({ 'POST /api/sign-in/frontend': () => json(200, { ...USER, blacklisted: true }) })
    await renderAt('/sign-in')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/E-mail/), 'ada@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect((await screen.findAllByText('Your account is suspended.')).length).toBeGreaterThan(0)
    expect(readSessionUser()?.blacklisted).toBe(true)
  })
})

describe('route guards', () => {
  it('sends a visitor to sign-in with the way back', async () => {
    mockApi({})
    const { router } = await renderAt('/settings')
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    expect(router.state.location.search).toEqual({ redirect: '/settings' })
    for (const path of ['/bookings', '/booking?id=3', '/notifications']) {
      await router.navigate({ href: path })
      expect(router.state.location.pathname, path).toBe('/sign-in')
    }
    // A visitor may book as a guest (docs/product.md §12): checkout lets them in.
    await router.navigate({ href: '/checkout' })
    expect(router.state.location.pathname).toBe('/checkout')
  })

  it('leads from sign-in to sign-up and back, keeping the way back', async () => {
    mockApi({})
    const user = userEvent.setup()
    const { router } = await renderAt('/sign-in?redirect=%2Fsettings')
    await user.click(await within(await screen.findByRole('main')).findByRole('link', { name: 'Sign up' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'))
    expect(router.state.location.search).toEqual({ redirect: '/settings' })
    const signUp = within(await screen.findByRole('main'))
    await user.click(await signUp.findByRole('link', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    expect(router.state.location.search).toEqual({ redirect: '/settings' })
  })

  it('sends a signed-in user away from sign-in, and lets them see settings', async () => {
    storeUser(USER)
    mockApi({
      'POST /api/validate-access-token': () => json(200, USER),
      'GET /api/user/7': () => json(200, USER),
    })
    const { router } = await renderAt('/sign-in')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await router.navigate({ to: '/settings' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace')
  })

  it('fills the settings form with the server’s copy of the user once it arrives, not the stored one', async () => {
    storeUser(USER)
    mockApi({
      'POST /api/validate-access-token': () => json(200, USER),
      'GET /api/user/7': () => json(200, { ...USER, fullName: 'Ada King', phone: '+44 20 7946 0000' }),
    })
    await renderAt('/settings')
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada King'))
    expect(screen.getByLabelText(/Phone/)).toHaveValue('+44 20 7946 0000')
  })

  it('shows the user menu instead of "Sign in" once signed in', async () => {
    storeUser(USER)
    mockApi({ 'POST /api/validate-access-token': () => json(200, USER) })
    await renderAt('/about')
    const header = screen.getByRole('banner')
    expect(within(header).queryByRole('link', { name: 'Sign in' })).toBeNull()
    await userEvent.click(within(header).getByRole('button', { name: /Ada Lovelace/ }))
    // jsdom has no layout: floating-ui soon takes the menu's anchor for off-screen and hides the dropdown
    // (Popover's hideDetached), at a moment that depends on the machine's load: items are looked up among
    // hidden elements too, or the lookup would race it.
    expect(await screen.findByRole('menuitem', { name: 'Settings', hidden: true })).toHaveAttribute(
      'href',
      '/settings',
    )
    const item = (name: string) => screen.getByRole('menuitem', { name, hidden: true })
    expect(item('Bookings')).toHaveAttribute('href', '/bookings')
    expect(item('Notifications')).toHaveAttribute('href', '/notifications')
    expect(item('Sign out')).toBeInTheDocument()
  })

  it("shows the user's picture in the header, and in the menu a phone opens instead", async () => {
    const pictured = { ...USER, avatar: 'ada.webp' }
    storeUser(pictured)
    mockApi({ 'POST /api/validate-access-token': () => json(200, pictured) })
    await renderAt('/about')
    const header = screen.getByRole('banner')
    const picture = (element: Element) => element.querySelector('img[src="/images/avatars/ada.webp"]')
    await waitFor(() => expect(picture(header)).not.toBeNull())
    // The phone's menu button is there beside the wide screen's account menu, hidden by a media query's rule
    // that jsdom applies at any width (so out of the accessibility tree): found by its label.
    fireEvent.click(header.querySelector('button[aria-label="Open menu"]')!)
    const drawer = await screen.findByRole('dialog', { name: 'Haven', hidden: true })
    expect(picture(drawer)).not.toBeNull()
    expect(within(drawer).getByText('Ada Lovelace')).toBeInTheDocument()
  })
})

describe('session check on load', () => {
  it('keeps a user the server still knows, refreshing the stored copy', async () => {
    storeUser(USER)
    mockApi({ 'POST /api/validate-access-token': () => json(200, { ...USER, fullName: 'Ada King' }) })
    await renderAt('/about')
    await waitFor(() => expect(readSessionUser()?.fullName).toBe('Ada King'))
    expect(calls.filter((call) => call.url === '/api/validate-access-token')).toHaveLength(1)
  })

  it('signs out locally when the server refuses the session, leaving a guarded screen', async () => {
    storeUser(USER)
    await set(persistKey('7'), persistedCache())
    window.sessionStorage.setItem('draft', 'x')
    mockApi({
      'POST /api/validate-access-token': () =>
        json(401, { error: 'unauthorized', message: 'Not signed in.' }),
    })
    const { router } = await renderAt('/settings')
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    expect(window.localStorage.getItem('user')).toBeNull()
    expect(window.localStorage.getItem('stay-connected')).toBeNull()
    expect(window.sessionStorage.length).toBe(0)
    expect(await get(persistKey('7'))).toBeUndefined()
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('signs out at a call answered 401 between page loads, sending a guarded screen to sign-in', async () => {
    storeUser(USER)
    // Valid at the page load's check; the administrator's suspension then ends every session.
    let sessionEnded = false
    mockApi({
      'POST /api/validate-access-token': () =>
        sessionEnded ? json(401, { error: 'unauthorized', message: 'Not signed in.' }) : json(200, USER),
      'GET /api/notifications/*': () =>
        sessionEnded
          ? json(401, { error: 'unauthorized', message: 'Not signed in.' })
          : json(200, { items: [], nextCursor: null }),
      'GET /api/notification-counter/*': () =>
        sessionEnded
          ? json(401, { error: 'unauthorized', message: 'Not signed in.' })
          : json(200, { count: 0 }),
    })
    const { router, queryClient } = await renderAt('/about')
    await waitFor(() => expect(calls.some((call) => call.url === '/api/validate-access-token')).toBe(true))
    await act(() => expect(checkSessionOnLoad(queryClient)).resolves.toBe('valid'))
    sessionEnded = true
    await act(() => router.navigate({ to: '/notifications' }))
    await waitFor(() => expect(readSessionUser()).toBeNull())
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'))
    expect(router.state.location.search).toEqual({ redirect: '/notifications' })
    expect(readSessionUser()).toBeNull()
  })

  it('keeps the user when the server cannot be reached (offline is no verdict)', async () => {
    storeUser(USER)
    mockApi({ 'POST /api/validate-access-token': () => Promise.reject(new TypeError('Failed to fetch')) })
    await renderAt('/about')
    await waitFor(() => expect(calls.some((call) => call.url === '/api/validate-access-token')).toBe(true))
    expect(readSessionUser()?._id).toBe('7')
  })

  it('keeps the user when the server could not check (a 503 while its database is away is no verdict)', async () => {
    storeUser(USER)
    await set(persistKey('7'), persistedCache())
    mockApi({
      'POST /api/validate-access-token': () =>
        json(503, { error: 'unavailable', message: 'The database is not answering. Try again in a moment.' }),
    })
    const { router, queryClient } = await renderAt('/settings')
    await waitFor(() => expect(calls.some((call) => call.url === '/api/validate-access-token')).toBe(true))
    // The check of this page load (one promise): a sign-out would have been done before it settles.
    await act(() => expect(checkSessionOnLoad(queryClient)).resolves.toBe('unreachable'))
    expect(readSessionUser()?._id).toBe('7')
    expect(await get(persistKey('7'))).toBeDefined()
    expect(router.state.location.pathname).toBe('/settings')
  })

  it('keeps the user when the answer breaks off (a page unloading mid-call is no verdict)', async () => {
    storeUser(USER)
    const broken = { ok: true, status: 200, text: () => Promise.reject(new TypeError('network error')) }
    mockApi({ 'POST /api/validate-access-token': () => broken as unknown as Response })
    const { queryClient } = await renderAt('/about')
    await waitFor(() => expect(calls.some((call) => call.url === '/api/validate-access-token')).toBe(true))
    await act(() => expect(checkSessionOnLoad(queryClient)).resolves.toBe('unreachable'))
    expect(readSessionUser()?._id).toBe('7')
  })

  it('keeps a blacklisted user loaded and says the account is suspended', async () => {
    storeUser(USER)
    mockApi({ 'POST /api/validate-access-token': () => json(200, { ...USER, blacklisted: true }) })
    await renderAt('/settings')
    expect(await screen.findByText('Your account is suspended.')).toBeInTheDocument()
    expect(readSessionUser()?.blacklisted).toBe(true)
    // Marked unauthorized: the settings screen itself is not shown.
    expect(screen.queryByLabelText(/Full name/)).toBeNull()
  })
})

describe('sign-out', () => {
  it("ends the session on the server and leaves nothing of the user's on the device", async () => {
    storeUser(USER)
    await set(persistKey('7'), persistedCache())
    await set(persistKey(null), persistedCache())
    window.sessionStorage.setItem('checkout', 'x')
    const queryClient = createQueryClient()
    queryClient.setQueryData(['user', '7'], USER)
    queryClient.setQueryData(['bookings', 'list', {}], [{ _id: 'b1' }])
    queryClient.setQueryData(['catalog', 'agencies'], [])
    mockApi({ 'POST /api/sign-out': () => json(200, {}) })

    await signOut(queryClient)

    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/sign-out'])
    expect(window.localStorage.getItem('user')).toBeNull()
    expect(window.localStorage.getItem('stay-connected')).toBeNull()
    expect(window.sessionStorage.length).toBe(0)
    expect(await get(persistKey('7'))).toBeUndefined()
    expect(queryClient.getQueryData(['user', '7'])).toBeUndefined()
    expect(queryClient.getQueryData(['bookings', 'list', {}])).toBeUndefined()
    // Shared data stays: it says nothing about the user and keeps the app useful offline.
    expect(queryClient.getQueryData(['catalog', 'agencies'])).toEqual([])
    expect(await get(persistKey(null))).toBe(persistedCache())
  })

  it('signs out locally even when the server cannot be reached', async () => {
    storeUser(USER)
    mockApi({ 'POST /api/sign-out': () => Promise.reject(new TypeError('Failed to fetch')) })
    await signOut(createQueryClient())
    expect(readSessionUser()).toBeNull()
  })

  it('from the header menu, returns home as a visitor', async () => {
    storeUser(USER)
    mockApi({
      'POST /api/validate-access-token': () => json(200, USER),
      'POST /api/sign-out': () => json(200, {}),
    })
    const { router } = await renderAt('/about')
    await userEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: /Ada Lovelace/ }))
    // Hidden elements too: floating-ui hides the dropdown in jsdom (no layout) at a moment that varies.
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(readSessionUser()).toBeNull()
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toBeInTheDocument()
  })
})
