/* eslint-disable lingui/no-unlocalized-strings -- a test helper: API fixtures and URLs, no interface text */
// The back office in jsdom for its screens' tests: its own route tree and app, a staff session, the API mocked
// at `fetch` (./api-mock.ts).
import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'

import { OfficeApp } from '@/back-office/office-app'
import { createOfficeRouter } from '@/back-office/router'
import type { StaffUser } from '@/entities/staff/staff-session'
import { createQueryClient } from '@/lib/query-client'

import { type Call, type Handler, json, stubApi } from './api-mock'

/** The signed-in agency of the back office's tests. */
export const AGENCY: StaffUser = {
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

/**
 * The API of `routes` (./api-mock.ts), the session's check answering `staff`: who is signed in, or the
 * session check's own answer (a refusal). Returns the calls, in order.
 */
export function mockOfficeApi(
  routes: Record<string, Handler> = {},
  staff: StaffUser | Handler = AGENCY,
): Call[] {
  return stubApi({
    ...routes,
    'POST /api/validate-access-token': typeof staff === 'function' ? staff : () => json(200, staff),
  })
}

/** The back office at `path`, loaded (its route's data and code). */
export async function openAt(path: string) {
  const router = createOfficeRouter(createQueryClient(), createMemoryHistory({ initialEntries: [path] }))
  render(<OfficeApp queryClient={router.options.context.queryClient} router={router} />)
  await router.load()
  return router
}
