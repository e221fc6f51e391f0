// The back office in jsdom: its route tree, guard and sign-in form, with the API mocked at `fetch`.
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { activateLocale } from '@/i18n/activate'
import { json } from '@/test/api-mock'
import { AGENCY, mockOfficeApi, openAt } from '@/test/office-harness'

const notSignedIn = () => json(401, { error: 'unauthorized', message: 'Unauthorized' })
const INCORRECT = { error: 'incorrect_credentials', message: 'Incorrect email or password.' }

beforeEach(() => activateLocale('en'))
afterEach(() => vi.unstubAllGlobals())

describe('the back office', () => {
  it('sends a visitor to its sign-in, and a renter too', async () => {
    for (const session of [notSignedIn, () => json(200, { ...AGENCY, type: 'USER' })]) {
      mockOfficeApi({}, session)
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
    const calls = mockOfficeApi({ 'POST /api/sign-in/backend': () => answer() }, notSignedIn)
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
    mockOfficeApi()
    const router = await openAt('/admin/sign-in')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Blue Door Lettings')
  })

  it('sends the page to sign-in at the first call answered 401: the session ended elsewhere', async () => {
    let ended = false
    const refusedOnceEnded = () => (ended ? notSignedIn() : json(200, { items: [], nextCursor: null }))
    mockOfficeApi(
      {
        'GET /api/notification-counter/7': () => (ended ? notSignedIn() : json(200, { count: 0 })),
        'GET /api/notifications/7/1/30': refusedOnceEnded,
      },
      () => (ended ? notSignedIn() : json(200, AGENCY)),
    )
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
    const calls = mockOfficeApi(
      {
        [`GET ${link}`]: () => json(200, { valid: true, hasPassword: false, activated: false }),
        'POST /api/activate': () => json(200, AGENCY),
      },
      notSignedIn,
    )
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
    mockOfficeApi(
      {
        'GET /api/check-token/backend/7/new-agency%40example.test/old': () =>
          json(400, { error: 'link_expired', message: 'Your account activation link expired.' }),
      },
      notSignedIn,
    )
    await openAt('/admin/activate?u=7&e=new-agency%40example.test&t=old')
    expect(await screen.findByText('Your account activation link expired.')).toBeInTheDocument()
  })
})
