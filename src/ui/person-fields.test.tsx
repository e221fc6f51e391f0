// The person fields shared by sign-up and a guest's checkout: each of the four is there under its label, in
// English and in French, and a refusal of the form's schema shows beside its own field.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useLingui } from '@lingui/react/macro'
import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { guestSchema } from '@/contract/guest'
import { activateLocale } from '@/i18n/activate'

import { useSchemaForm } from './form'
import { PersonFields } from './person-fields'

function GuestForm({ phoneRequired, birthDateError }: { phoneRequired?: boolean; birthDateError?: string }) {
  const { t } = useLingui()
  const form = useSchemaForm(guestSchema, {
    fullName: '',
    email: '',
    phone: '',
    birthDate: '',
    acceptTerms: true,
  })
  const labels = { fullName: t`Full name`, email: t`E-mail`, phone: t`Phone`, birthDate: t`Birth date` }
  return (
    <form data-testid="form" noValidate onSubmit={form.onSubmit(() => undefined)}>
      <PersonFields
        form={form}
        labels={labels}
        {...(phoneRequired ? { phoneRequired } : {})}
        {...(birthDateError ? { birthDateError } : {})}
      />
    </form>
  )
}

async function renderIn(language: 'en' | 'fr', props: Parameters<typeof GuestForm>[0] = {}) {
  await activateLocale(language)
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <GuestForm {...props} />
      </MantineProvider>
    </I18nProvider>,
  )
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

afterEach(() => cleanup())

const WORDS = {
  en: {
    fullName: /^Full name/,
    email: /^E-mail/,
    phone: /^Phone/,
    birthDate: /^Birth date/,
    invalidEmail: 'Please enter a valid e-mail address.',
    invalidPhone: 'Please enter a valid phone number.',
  },
  fr: {
    fullName: /^Nom complet/,
    email: /^E-mail/,
    phone: /^Téléphone/,
    birthDate: /^Date de naissance/,
    invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    invalidPhone: 'Veuillez saisir un numéro de téléphone valide.',
  },
}

describe('PersonFields', () => {
  it.each(['en', 'fr'] as const)('shows the four fields under their labels (%s)', async (language) => {
    await renderIn(language, { phoneRequired: true })
    const words = WORDS[language]
    expect(screen.getByLabelText(words.fullName)).toHaveAttribute('autocomplete', 'name')
    expect(screen.getByLabelText(words.email)).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText(words.phone)).toHaveAttribute('type', 'tel')
    expect(screen.getByLabelText(words.birthDate)).toHaveAttribute('autocomplete', 'bday')
    for (const label of [words.fullName, words.email, words.phone, words.birthDate]) {
      expect(screen.getByLabelText(label)).toBeRequired()
    }
  })

  it('leaves the phone optional unless asked', async () => {
    await renderIn('en')
    expect(screen.getByLabelText(WORDS.en.phone)).not.toBeRequired()
    expect(screen.getByLabelText(WORDS.en.email)).toBeRequired()
  })

  it.each(['en', 'fr'] as const)(
    "puts the schema's refusals beside their own fields, in the language shown (%s)",
    async (language) => {
      await renderIn(language, { phoneRequired: true })
      const words = WORDS[language]
      type(words.fullName, 'Nora Petit')
      type(words.email, 'not an address')
      type(words.phone, 'call me')
      fireEvent.submit(screen.getByTestId('form'))
      expect(await screen.findByLabelText(words.email)).toHaveAccessibleDescription(words.invalidEmail)
      expect(screen.getByLabelText(words.phone)).toHaveAccessibleDescription(words.invalidPhone)
      // A required field left empty is only marked: the form's summary names it.
      expect(screen.getByLabelText(words.birthDate)).toHaveAttribute('aria-invalid', 'true')
      expect(screen.getByLabelText(words.fullName)).not.toHaveAttribute('aria-invalid')
    },
  )

  it("shows the screen's own birth date error in place of the schema's", async () => {
    await renderIn('en', { birthDateError: 'You must be at least 25 years old.' })
    fireEvent.submit(screen.getByTestId('form'))
    expect(await screen.findByLabelText(WORDS.en.birthDate)).toHaveAccessibleDescription(
      'You must be at least 25 years old.',
    )
  })
})
