// A country's and a location's fields, as an administrator creates or edits them: the names in English and
// French, a country's ISO code, a location's country, the place it is inside (optional) and its coordinates
// for the map. The contract's schemas check them here as on the server.
import { useLingui } from '@lingui/react/macro'
import { Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core'

import { countryFormSchema, locationFormSchema, type PlacesAnswer } from '@/contract/admin'
import { FormAlert, useFormSubmit, useSchemaForm } from '@/ui/form'

import type { CountryValues, LocationValues } from './api'

export function CountryFields({
  initial = { code: '', nameEn: '', nameFr: '' },
  submitLabel,
  send,
}: {
  initial?: CountryValues
  submitLabel: string
  send: (values: CountryValues) => Promise<void>
}) {
  const { t } = useLingui()
  const form = useSchemaForm(countryFormSchema, { ...initial })
  const labels = { code: t`ISO code`, nameEn: t`Name in English`, nameFr: t`Name in French` }
  const { submit, message } = useFormSubmit(form, async (values) => {
    await send({
      code: values.code.trim().toUpperCase(),
      nameEn: values.nameEn.trim(),
      nameFr: values.nameFr.trim(),
    })
    if (!initial.code) form.reset()
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label={labels.code} required w={110} maxLength={2} {...form.getInputProps('code')} />
          <TextInput label={labels.nameEn} lang="en" required {...form.getInputProps('nameEn')} />
          <TextInput label={labels.nameFr} lang="fr" required {...form.getInputProps('nameFr')} />
        </Group>
        <FormAlert form={form} labels={labels} message={message} />
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}

interface LocationFormValues {
  countryId: string
  parentId: string | null
  nameEn: string
  nameFr: string
  latitude: number | string
  longitude: number | string
  [key: string]: unknown
}

export function LocationFields({
  places,
  initial,
  exclude,
  submitLabel,
  send,
}: {
  places: PlacesAnswer
  initial?: LocationValues
  /** The location being edited: never inside itself. */
  exclude?: string
  submitLabel: string
  send: (values: LocationValues) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const name = (place: { nameEn: string; nameFr: string }) =>
    i18n.locale === 'fr' ? place.nameFr : place.nameEn
  const form = useSchemaForm<LocationFormValues>(locationFormSchema, {
    countryId: initial?.countryId ?? '',
    parentId: initial?.parentId ?? null,
    nameEn: initial?.nameEn ?? '',
    nameFr: initial?.nameFr ?? '',
    latitude: initial?.latitude ?? '',
    longitude: initial?.longitude ?? '',
  })
  const labels = {
    countryId: t`Country`,
    nameEn: t`Name in English`,
    nameFr: t`Name in French`,
    latitude: t`Latitude`,
    longitude: t`Longitude`,
  }
  const { submit, message } = useFormSubmit(form, async (values) => {
    await send({
      countryId: values.countryId,
      parentId: values.parentId || null,
      nameEn: values.nameEn.trim(),
      nameFr: values.nameFr.trim(),
      latitude: Number(values.latitude),
      longitude: Number(values.longitude),
    })
    if (!initial) form.reset()
  })
  const country = places.find((each) => each._id === form.values.countryId)
  const parents = (country?.locations ?? [])
    .filter((location) => location._id !== exclude)
    .map((location) => ({ value: location._id, label: name(location) }))
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={labels.countryId}
            required
            searchable
            data={places.map((each) => ({ value: each._id, label: name(each) }))}
            {...form.getInputProps('countryId')}
            onChange={(value) => {
              form.setFieldValue('countryId', value ?? '')
              form.setFieldValue('parentId', null)
            }}
          />
          <Select
            label={t`Inside`}
            placeholder={t`Nowhere else`}
            clearable
            data={parents}
            disabled={parents.length === 0}
            {...form.getInputProps('parentId')}
          />
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label={labels.nameEn} lang="en" required {...form.getInputProps('nameEn')} />
          <TextInput label={labels.nameFr} lang="fr" required {...form.getInputProps('nameFr')} />
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label={labels.latitude}
            required
            min={-90}
            max={90}
            decimalScale={6}
            {...form.getInputProps('latitude')}
          />
          <NumberInput
            label={labels.longitude}
            required
            min={-180}
            max={180}
            decimalScale={6}
            {...form.getInputProps('longitude')}
          />
        </Group>
        <FormAlert form={form} labels={labels} message={message} />
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}

export const placeName = (language: string, place: { nameEn: string; nameFr: string }) =>
  language === 'fr' ? place.nameFr : place.nameEn
