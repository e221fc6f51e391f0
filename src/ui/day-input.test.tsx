// A typed day follows the interface language: a switch rewrites the day in the new language's order, and
// only text that was no day in the language it was typed in stays as typed.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { activateLocale } from '@/i18n/activate'

import { BirthDateInput } from './day-input'

function Field({ initial }: { initial: string }) {
  const [day, setDay] = useState(initial)
  return (
    <>
      <BirthDateInput label="Birth date" value={day} onChange={setDay} />
      <output data-testid="day">{day}</output>
    </>
  )
}

async function renderIn(language: 'en' | 'fr', initial: string) {
  await activateLocale(language)
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <Field initial={initial} />
      </MantineProvider>
    </I18nProvider>,
  )
}

afterEach(() => cleanup())

describe('BirthDateInput', () => {
  it('rewrites a saved day in the order of the language switched to, with no error', async () => {
    await renderIn('en', '1994-05-17')
    const field = screen.getByRole('textbox')
    expect(field).toHaveValue('05/17/1994')
    await act(() => activateLocale('fr'))
    expect(field).toHaveValue('17/05/1994')
    expect(field).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByTestId('day')).toHaveTextContent('1994-05-17')
  })

  it('does not read a day that means another day in the new order as that other day', async () => {
    await renderIn('en', '1994-05-06')
    const field = screen.getByRole('textbox')
    expect(field).toHaveValue('05/06/1994')
    await act(() => activateLocale('fr'))
    expect(field).toHaveValue('06/05/1994')
    expect(screen.getByTestId('day')).toHaveTextContent('1994-05-06')
  })

  it('keeps text that is no day as typed, with its hint, across a switch', async () => {
    await renderIn('en', '')
    const field = screen.getByRole('textbox')
    fireEvent.change(field, { target: { value: '13/13/1994' } })
    fireEvent.blur(field)
    await act(() => activateLocale('fr'))
    expect(field).toHaveValue('13/13/1994')
    expect(field).toHaveAttribute('aria-invalid', 'true')
  })
})
