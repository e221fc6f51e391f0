// The back office in jsdom: its route tree, guard and sign-in form, with the API mocked at `fetch`.
import { createMemoryHistory } from '@tanstack/react-router'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { createQueryClient } from '@/lib/query-client'

import { OfficeApp } from './office-app'
import { createOfficeRouter } from './router'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const AGENCY = {
  _id: '7',
  email: 'agency@haven.test',
  fullName: 'Blue Door Lettings',
  phone: null,
  birthDate: null,
  bio: null,
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
  avatar: null,
  type: 'AGENCY',
  hasPassword: true,
  activated: true,
}
const notSignedIn = () => json(401, { error: 'unauthorized', message: 'Unauthorized' })
const INCORRECT = { error: 'incorrect_credentials', message: 'Incorrect email or password.' }

/**
 * The API: the session's check answers `session`, sign-in answers `signIn`, any other call its answer in
 * `others` (by URL); the calls, in order.
 */
function mockApi(
  session: () => Response,
  signIn?: () => Response,
  others: Record<string, () => Response> = {},
) {
  const calls: { url: string; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined })
      if (url === '/api/validate-access-token') return session()
      if (url === '/api/sign-in/backend' && signIn) return signIn()
      const other = others[url]
      if (other) return other()
      return json(404, { error: 'not_found', message: 'Not found' })
    }),
  )
  return calls
}

async function openAt(path: string) {
  const router = createOfficeRouter(createQueryClient(), createMemoryHistory({ initialEntries: [path] }))
  render(<OfficeApp queryClient={router.options.context.queryClient} router={router} />)
  await router.load()
  return router
}

beforeEach(() => activateLocale('en'))
afterEach(() => vi.unstubAllGlobals())

describe('the back office', () => {
  it('sends a visitor to its sign-in, and a renter too', async () => {
    for (const session of [notSignedIn, () => json(200, { ...AGENCY, type: 'USER' })]) {
      mockApi(session)
      const router = await openAt('/admin/account')
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'))
      expect(router.state.location.search).toEqual({ redirect: '/admin/account' })
      expect(await screen.findByRole('heading', { name: 'Back office sign-in' })).toBeInTheDocument()
      expect(screen.queryByTestId('staff-name')).toBeNull()
      cleanup()
    }
  })

  it("refuses a renter's credentials as the server does, then signs an agency in and goes where it was asked", async () => {
    let answer = () => json(401, INCORRECT)
    const calls = mockApi(notSignedIn, () => answer())
    const router = await openAt('/admin/sign-in?redirect=%2Fadmin%2Faccount')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/E-mail/), 'renter@haven.test')
    await user.type(screen.getByLabelText(/^Password/), 'haven-demo')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Incorrect email or password.')).toBeInTheDocument()
    expect(calls.filter((call) => call.url === '/api/sign-in/backend')).toHaveLength(1)

    answer = () => json(200, AGENCY)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account'))
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Blue Door Lettings')
    expect(calls.findLast((call) => call.url === '/api/sign-in/backend')?.body).toMatchObject({
      email: 'renter@haven.test',
      password: 'haven-demo',
    })
  })

  it('sends a signed-in agent from sign-in to the back office', async () => {
    mockApi(() => json(200, AGENCY))
    const router = await openAt('/admin/sign-in')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Blue Door Lettings')
  })

  it('sends the page to sign-in at the first call answered 401: the session ended elsewhere', async () => {
    let ended = false
    const refusedOnceEnded = () => (ended ? notSignedIn() : json(200, { items: [], nextCursor: null }))
    mockApi(() => (ended ? notSignedIn() : json(200, AGENCY)), undefined, {
      '/api/notification-counter/7': () => (ended ? notSignedIn() : json(200, { count: 0 })),
      '/api/notifications/7/1/30': refusedOnceEnded,
    })
    const router = await openAt('/admin/account')
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Blue Door Lettings')
    // An administrator deactivates the agency: every session of it ends.
    ended = true
    await router.navigate({ href: '/admin/notifications' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sign-in'))
    expect(router.state.location.search).toEqual({ redirect: '/admin/notifications' })
    expect(await screen.findByRole('heading', { name: 'Back office sign-in' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('staff-name')).toBeNull())
  })

  it("opens a new agency's activation link: it chooses its password and enters the back office, signed in", async () => {
    const link = '/api/check-token/backend/7/new-agency%40example.test/a-token'
    const calls = mockApi(notSignedIn, undefined, {
      [link]: () => json(200, { valid: true, hasPassword: false, activated: false }),
      '/api/activate': () => json(200, AGENCY),
    })
    await openAt('/admin/activate?u=7&e=new-agency%40example.test&t=a-token')
    expect(await screen.findByRole('heading', { name: 'Activate your account' })).toBeInTheDocument()
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/^New password/), 'a-new-secret')
    await user.type(screen.getByLabelText(/^Confirm password/), 'a-new-secret')
    await user.click(screen.getByRole('button', { name: 'Activate my account' }))
    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument()
    expect(calls.find((call) => call.url === '/api/activate')?.body).toEqual({
      userId: '7',
      token: 'a-token',
      password: 'a-new-secret',
    })
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Blue Door Lettings')
  })

  it('says an expired activation link expired, in the words of the specification', async () => {
    mockApi(notSignedIn, undefined, {
      '/api/check-token/backend/7/new-agency%40example.test/old': () =>
        json(400, { error: 'link_expired', message: 'Your account activation link expired.' }),
    })
    await openAt('/admin/activate?u=7&e=new-agency%40example.test&t=old')
    expect(await screen.findByText('Your account activation link expired.')).toBeInTheDocument()
  })
})
