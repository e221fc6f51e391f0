import { describe, expect, it } from 'vitest'

import { officeRedirect, staffAccessRedirect } from './office-routes'

describe("the back office's guard", () => {
  it('sends a visitor from a page that needs a session to sign-in, to come back afterwards', () => {
    expect(staffAccessRedirect('signed-in', false, '/admin/account?x=1')).toBe(
      '/admin/sign-in?redirect=%2Fadmin%2Faccount%3Fx%3D1',
    )
    expect(staffAccessRedirect('signed-in', true, '/admin/account')).toBeNull()
  })

  it('sends a signed-in agent from sign-in to the back office, and lets anyone open an open page', () => {
    expect(staffAccessRedirect('visitor', true, '/admin/sign-in')).toBe('/admin')
    expect(staffAccessRedirect('visitor', false, '/admin/sign-in')).toBeNull()
    expect(staffAccessRedirect(undefined, false, '/admin/reset-password')).toBeNull()
  })

  it("goes back after sign-in only to a page of the back office's", () => {
    for (const path of ['/admin', '/admin/account', '/admin?status=PENDING'])
      expect(officeRedirect(path)).toBe(path)
    for (const path of ['/', '/search', '/administration', '//evil.example/admin', 'https://x/admin', 3])
      expect(officeRedirect(path)).toBeUndefined()
  })
})
