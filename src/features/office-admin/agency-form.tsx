// An agency's fields as an administrator creates or edits them: name, contact details, language, whether
// renters may pay later, and the countries it serves. The contract's schema checks them here as on the server.
import { useLingui } from '@lingui/react/macro'
import { Button, Checkbox, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'

import { agencyFormSchema, type AgencyForm as AgencyFormValues } from '@/contract/admin'
import { LANGUAGES } from '@/domain/enums'
import { FormAlert, useFormSubmit, useSchemaForm } from '@/ui/form'

import { placesQueryOptions } from './api'

export interface AgencyValues {
  name: string
  email: string
  phone: string
  bio: string
  language: 'en' | 'fr'
  payLater: boolean
  countries: string[]
  [key: string]: unknown
}

export const EMPTY_AGENCY: AgencyValues = {
  name: '',
  email: '',
  phone: '',
  bio: '',
  language: 'en',
  payLater: true,
  countries: [],
}

export function AgencyFields({
  initial,
  submitLabel,
  send,
}: {
  initial: AgencyValues
  submitLabel: string
  /** Sends the form; what it answers is said above the button. */
  send: (values: AgencyFormValues) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const places = useQuery(placesQueryOptions())
  const form = useSchemaForm(agencyFormSchema, initial)
  const labels = {
    name: t`Name`,
    email: t`E-mail`,
    phone: t`Phone`,
    bio: t`Description`,
    countries: t`Countries served`,
  }
  const { submit, message } = useFormSubmit(form, (values) =>
    send({
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim() || undefined,
      bio: values.bio.trim() || undefined,
      language: values.language,
      payLater: values.payLater,
      countries: values.countries,
    }),
  )
  const countries = (places.data ?? []).map((country) => ({
    value: country._id,
    label: i18n.locale === 'fr' ? country.nameFr : country.nameEn,
  }))
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <TextInput label={labels.name} required {...form.getInputProps('name')} />
        <TextInput label={labels.email} type="email" required {...form.getInputProps('email')} />
        <TextInput label={labels.phone} type="tel" {...form.getInputProps('phone')} />
        <Textarea label={labels.bio} rows={3} {...form.getInputProps('bio')} />
        <Select
          label={t`Language of its e-mails`}
          data={LANGUAGES.map((language) => ({
            value: language,
            label: language === 'fr' ? t`French` : t`English`,
          }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
        <MultiSelect
          label={labels.countries}
          data={countries}
          searchable
          disabled={places.isPending}
          {...form.getInputProps('countries')}
        />
        <Checkbox
          label={t`Renters may pay later`}
          {...form.getInputProps('payLater', { type: 'checkbox' })}
        />
        <FormAlert form={form} labels={labels} message={message} />
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}

export const agencyValues = (agency: {
  name: string
  email: string
  phone: string | null
  bio: string | null
  language: 'en' | 'fr'
  payLater: boolean
  countries: { _id: string }[]
}): AgencyValues => ({
  name: agency.name,
  email: agency.email,
  phone: agency.phone ?? '',
  bio: agency.bio ?? '',
  language: agency.language,
  payLater: agency.payLater,
  countries: agency.countries.map((country) => country._id),
})
