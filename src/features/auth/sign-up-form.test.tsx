// The sign-up form refuses exactly what the server refuses: the shared table of src/domain/sign-up-cases.ts
// runs here against the form and in server/routes/auth.test.ts against POST /api/sign-up.
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { FIELD_ERROR_TEXTS } from '@/domain/auth-messages'
import { SIGN_UP_ACCEPTED, SIGN_UP_REFUSALS, VALID_SIGN_UP } from '@/domain/sign-up-cases'
import { activateLocale } from '@/i18n/activate'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { json } from '@/test/api-mock'
import { mockApi, renderAt } from '@/test/app-harness'

const LABELS: Record<keyof typeof VALID_SIGN_UP, RegExp> = {
  fullName: /^Full name/,
  email: /^E-mail/,
  phone: /^Phone/,
  birthDate: /^Birth date/,
  password: /^Password/,
  confirmPassword: /^Confirm password/,
  acceptTerms: /I accept the Terms of Use/,
}

/** How the summary names each field. */
const NAMES: Record<keyof typeof VALID_SIGN_UP, string> = {
  fullName: 'Full name',
  email: 'E-mail',
  phone: 'Phone',
  birthDate: 'Birth date',
  password: 'Password',
  confirmPassword: 'Confirm password',
  acceptTerms: 'Terms of Use',
}

async function submit(change: Partial<Record<keyof typeof VALID_SIGN_UP, string | boolean>>) {
  const calls = mockApi(AUTH_CONFIG_OFF, { 'POST /api/sign-up': () => json(200, { _id: '1' }) })
  await renderAt('/sign-up')
  const values = { ...VALID_SIGN_UP, ...change }
  for (const [field, value] of Object.entries(values) as [keyof typeof VALID_SIGN_UP, string | boolean][]) {
    const input = await screen.findByLabelText(LABELS[field])
    if (typeof value === 'boolean') {
      if (value) fireEvent.click(input)
    } else fireEvent.change(input, { target: { value } })
  }
  fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
  return calls
}

beforeEach(async () => {
  await activateLocale('en')
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the sign-up form and the server refuse the same input', () => {
  it.each(SIGN_UP_REFUSALS)('$name: $field is refused with $code', async (refusal) => {
    const { change, field, notTypeable } = refusal
    // What a date input cannot hold, it holds as nothing: the form finds the field empty.
    const code = notTypeable ? 'required' : refusal.code
    const calls = await submit(change)
    expect(await screen.findByText('Please fix errors.')).toBeInTheDocument()
    const input = screen.getByLabelText(LABELS[field])
    expect(input).toHaveAttribute('aria-invalid', 'true')
    if (code === 'required') {
      // A required field left empty is named in the summary above the button.
      expect(screen.getByText(/^Please fill in the fields?:/)).toHaveTextContent(NAMES[field])
    } else if (field === 'acceptTerms') {
      expect(screen.getByText(FIELD_ERROR_TEXTS[code])).toBeInTheDocument()
    } else {
      expect(input).toHaveAccessibleDescription(FIELD_ERROR_TEXTS[code])
    }
    expect(calls.some((call) => call.url === '/api/sign-up')).toBe(false)
  })

  it.each(SIGN_UP_ACCEPTED)('accepts %o and sends it', async (change) => {
    const calls = await submit(change)
    expect(await screen.findByText(/We sent a link to/)).toBeInTheDocument()
    expect(calls.filter((call) => call.url === '/api/sign-up')).toHaveLength(1)
  })
})
