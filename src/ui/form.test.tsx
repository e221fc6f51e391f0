// The one submit of the app's forms (useFormSubmit): a refusal goes beside its field or above the button in the
// screen's words, what was typed stays, a reCAPTCHA token goes with the call, and each submit starts afresh.
import type { MessageDescriptor } from '@lingui/core'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { emailOnlySchema } from '@/contract/accounts'
import { API_ERROR_CODES } from '@/domain/error-codes'
import { activateLocale } from '@/i18n/activate'
import { ApiError, NetworkError } from '@/lib/api-client'
import type { RecaptchaHandle } from '@/lib/recaptcha'

import { accountMessages } from './account-messages'
import { EmailField, FormAlert, useFormSubmit, useSchemaForm } from './form'

type Send = (values: { email: string }, recaptchaToken?: string) => Promise<MessageDescriptor | void>

function EmailForm({ send, recaptcha }: { send: Send; recaptcha?: RecaptchaHandle }) {
  const form = useSchemaForm(emailOnlySchema, { email: '' })
  const { submit, message, sent } = useFormSubmit(form, send, {
    refused: accountMessages.sendValidationError,
    ...(recaptcha ? { recaptcha: { handle: recaptcha, action: 'test' } } : {}),
  })
  return (
    <form onSubmit={submit} noValidate>
      <EmailField form={form} label="E-mail" />
      <FormAlert form={form} labels={{ email: 'E-mail' }} message={message} />
      {sent ? <p role="status">Sent</p> : null}
      <button type="submit">Send</button>
    </form>
  )
}

const providers = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={i18n}>
    <MantineProvider>{children}</MantineProvider>
  </I18nProvider>
)

const renderForm = (props: Parameters<typeof EmailForm>[0]) =>
  render(<EmailForm {...props} />, { wrapper: providers })

const emailField = () => screen.getByLabelText(/^E-mail/) as HTMLInputElement

function submitWith(email: string) {
  fireEvent.change(emailField(), { target: { value: email } })
  fireEvent.click(screen.getByRole('button', { name: 'Send' }))
}

const words = (message: MessageDescriptor) => i18n._(message)

beforeEach(() => activateLocale('en'))
afterEach(() => cleanup())

describe('useFormSubmit', () => {
  it('puts a 400’s field codes beside their field and keeps what was typed', async () => {
    const send = vi.fn<Send>(async () => {
      throw new ApiError(400, API_ERROR_CODES.validation, 'Bad', { email: 'email_not_registered' })
    })
    renderForm({ send })
    submitWith('ann@example.com')
    await waitFor(() => expect(emailField()).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText(words(accountMessages.emailNotRegistered))).toBeInTheDocument()
    expect(emailField().value).toBe('ann@example.com')
    expect(send).toHaveBeenCalledWith({ email: 'ann@example.com' }, undefined)
  })

  it('says a refusal without fields above the button: its code’s words, the offline notice, else the screen’s', async () => {
    const refusals = [
      new ApiError(404, API_ERROR_CODES.emailNotRegistered, 'Unknown'),
      new NetworkError(),
      new ApiError(500, 'internal', 'Boom'),
    ]
    const send = vi.fn<Send>(async () => {
      throw refusals.shift()
    })
    renderForm({ send })
    for (const expected of [
      accountMessages.emailNotRegistered,
      accountMessages.offline,
      accountMessages.sendValidationError,
    ]) {
      submitWith('ann@example.com')
      expect(await screen.findByRole('alert')).toHaveTextContent(words(expected))
      expect(emailField().value).toBe('ann@example.com')
    }
  })

  it('shows what send answers, and otherwise that it went through, until the next submit', async () => {
    const answers: Array<MessageDescriptor | undefined> = [undefined, accountMessages.suspended]
    renderForm({ send: async () => answers.shift() })
    submitWith('ann@example.com')
    expect(await screen.findByRole('status')).toHaveTextContent('Sent')
    submitWith('ann@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent(words(accountMessages.suspended))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('sends a fresh reCAPTCHA token, and says “reCAPTCHA error” when there is none or the server refuses it', async () => {
    const getToken = vi
      .fn<RecaptchaHandle['getToken']>()
      .mockResolvedValueOnce('token-1')
      .mockRejectedValueOnce(new Error('script blocked'))
      .mockResolvedValueOnce('token-3')
    const send = vi
      .fn<Send>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new ApiError(400, API_ERROR_CODES.recaptchaFailed, 'reCAPTCHA error'))
    renderForm({ send, recaptcha: { enabled: true, getToken } })
    submitWith('ann@example.com')
    expect(await screen.findByRole('status')).toHaveTextContent('Sent')
    expect(send).toHaveBeenLastCalledWith({ email: 'ann@example.com' }, 'token-1')
    expect(getToken).toHaveBeenLastCalledWith('test')

    submitWith('ann@example.com')
    expect(await screen.findByRole('alert')).toHaveTextContent('reCAPTCHA error')
    expect(send).toHaveBeenCalledTimes(1)

    submitWith('ann@example.com')
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2))
    expect(send).toHaveBeenLastCalledWith({ email: 'ann@example.com' }, 'token-3')
    expect(await screen.findByRole('alert')).toHaveTextContent('reCAPTCHA error')
  })
})
