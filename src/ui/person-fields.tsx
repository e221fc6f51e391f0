// A person's details as Haven's forms ask them (sign-up, a guest's checkout): full name, e-mail, phone and
// birth date. What each field refuses is the form's schema's (useSchemaForm); the screen names the fields,
// with the labels its form summary (FormAlert) names them by, so each screen's words stay in its catalog.
import { TextInput } from '@mantine/core'
import type { ReactNode } from 'react'

import { BirthDateInput } from './day-input'
import { type AppForm, EmailField } from './form'

export interface PersonLabels {
  fullName: string
  email: string
  phone: string
  birthDate: string
}

export function PersonFields<Values>({
  form,
  labels,
  phoneRequired = false,
  onEmailBlur,
  afterEmail,
  birthDateError,
}: {
  form: AppForm<Values>
  labels: PersonLabels
  /** Marked required as the form's schema has it: optional on sign-up, needed for a guest's checkout. */
  phoneRequired?: boolean
  /** After the field's own blur (its validation): a look at the address, such as whether it has an account. */
  onEmailBlur?: () => void
  /** Under the e-mail field: what is known of that address. */
  afterEmail?: ReactNode
  /** In place of the birth date's own error, for a rule the schema does not know (a property's minimum age). */
  birthDateError?: ReactNode
}) {
  const birthDateProps = form.getInputProps('birthDate')
  return (
    <>
      <TextInput label={labels.fullName} autoComplete="name" required {...form.getInputProps('fullName')} />
      <EmailField form={form} label={labels.email} onBlur={onEmailBlur} />
      {afterEmail}
      <TextInput
        label={labels.phone}
        type="tel"
        autoComplete="tel"
        required={phoneRequired}
        {...form.getInputProps('phone')}
      />
      <BirthDateInput
        label={labels.birthDate}
        required
        {...birthDateProps}
        error={birthDateError ?? birthDateProps.error}
      />
    </>
  )
}
