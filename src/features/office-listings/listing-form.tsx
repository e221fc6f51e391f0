// The property form (docs/product.md §6, Listings): every field of the product's property, checked by the
// schema the server checks the same request with (src/contract/listings.ts), each broken rule said beside
// its field ('Please add an image.', the minimum age, the price, the options) and the required ones left
// empty named above the button. What was typed stays on a refusal. Creates a property, or edits one.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'

import { type Listing, type ListingFields, listingFieldsSchema } from '@/contract/listings'
import { BASE_CURRENCY, MINIMUM_AGE } from '@/domain/constants'
import { PROPERTY_TYPES, RENTAL_TERMS, type PropertyType, type RentalTerm } from '@/domain/enums'
import { agenciesQueryOptions, countriesQueryOptions } from '@/entities/property/catalog-api'
import { PROPERTY_TYPE_LABELS, RENTAL_TERM_LABELS } from '@/entities/property/property-labels'
import { staffSessionQueryOptions } from '@/entities/staff/staff-session'
import { useLanguage } from '@/i18n/language'
import { FormAlert, useFormSubmit, useSchemaForm, type AppForm } from '@/ui/form'
import { HrefLink } from '@/ui/href-link'
import { showToast } from '@/ui/toast'

import { refreshListings, saveListing } from './api'
import { ImagesField } from './images-field'
import { LISTINGS_PATH } from './search-params'

/** A number field as the form holds it: '' while empty (the schema says 'required'). */
type NumberValue = number | ''

export interface ListingFormValues extends Record<string, unknown> {
  name: string
  /** An administrator's choice, for a new property only. */
  agencyId: string | undefined
  locationId: string
  type: PropertyType | ''
  rentalTerm: RentalTerm | ''
  price: NumberValue
  minimumAge: NumberValue
  address: string
  descriptionEn: string
  descriptionFr: string
  bedrooms: NumberValue
  bathrooms: NumberValue
  kitchens: NumberValue
  parkingSpaces: NumberValue
  size: number | null
  aircon: boolean
  furnished: boolean
  petsAllowed: boolean
  available: boolean
  soldOut: boolean
  hidden: boolean
  images: string[]
  cancellation: NumberValue
  amendments: NumberValue
  latitude: number | null
  longitude: number | null
}

/** A new property: nothing chosen, the usual counts and flags, the minimum age the product sets. */
const EMPTY: ListingFormValues = {
  name: '',
  agencyId: undefined,
  locationId: '',
  type: '',
  rentalTerm: '',
  price: '',
  minimumAge: MINIMUM_AGE,
  address: '',
  descriptionEn: '',
  descriptionFr: '',
  bedrooms: 0,
  bathrooms: 0,
  kitchens: 0,
  parkingSpaces: 0,
  size: null,
  aircon: false,
  furnished: false,
  petsAllowed: false,
  available: true,
  soldOut: false,
  hidden: false,
  images: [],
  cancellation: -1,
  amendments: -1,
  latitude: null,
  longitude: null,
}

const valuesOf = (listing: Listing): ListingFormValues => ({
  ...EMPTY,
  ...Object.fromEntries(Object.keys(EMPTY).map((key) => [key, listing[key as keyof Listing]])),
  agencyId: undefined,
  address: listing.address ?? '',
  images: listing.images.map((image) => image.file),
})

/** A number that may be left out (null): the size, the position. */
function optionalNumber(form: AppForm<ListingFormValues>, field: 'size' | 'latitude' | 'longitude') {
  const props = form.getInputProps(field)
  return {
    ...props,
    value: (props.value as number | null) ?? '',
    onChange: (value: number | string) =>
      form.setFieldValue(field, value === '' || typeof value !== 'number' ? null : value),
  }
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" style={{ minWidth: 0 }}>
      <Title order={2} size="h4" component="legend" px={4}>
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  )
}

function LocationField({ form, label }: { form: AppForm<ListingFormValues>; label: string }) {
  const { t } = useLingui()
  const language = useLanguage()
  const countries = useQuery(countriesQueryOptions(language))
  return (
    <NativeSelect
      label={label}
      required
      disabled={!countries.data}
      {...form.getInputProps('locationId')}
      data={[
        { value: '', label: t`Choose a location` },
        ...(countries.data ?? []).map((country) => ({
          group: country.name,
          items: country.locations.map((location) => ({ value: location._id, label: location.name })),
        })),
      ]}
    />
  )
}

function AgencyField({ form, label }: { form: AppForm<ListingFormValues>; label: string }) {
  const agencies = useQuery(agenciesQueryOptions())
  const props = form.getInputProps('agencyId')
  return (
    <Select
      label={label}
      required
      searchable
      {...props}
      value={(props.value as string | undefined) ?? null}
      onChange={(value) => form.setFieldValue('agencyId', value ?? undefined)}
      data={(agencies.data ?? []).map((agency) => ({ value: agency._id, label: agency.name }))}
    />
  )
}

/** The form, empty for a new property or filled with `listing`'s values; saved, it goes back to the list. */
export function ListingForm({ listing }: { listing?: Listing }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const { data: staff } = useQuery(staffSessionQueryOptions())
  const choosesAgency = staff?.type === 'ADMIN' && !listing
  const [pictures, setPictures] = useState<Record<string, string>>(() =>
    Object.fromEntries((listing?.images ?? []).map((image) => [image.file, image.small])),
  )
  const form = useSchemaForm<ListingFormValues>(
    listingFieldsSchema,
    listing ? valuesOf(listing) : EMPTY,
    // An administrator says whose property a new one is; an agency's is its own.
    (values) => (choosesAgency && !values.agencyId ? { agencyId: 'required' } : {}),
  )
  const { submit, message } = useFormSubmit(
    form,
    async (values) => {
      const { agencyId, ...fields } = values
      const body = { ...fields, ...(choosesAgency && agencyId ? { agencyId } : {}) } as ListingFields
      const saved = await saveListing(listing?._id, body)
      await refreshListings(queryClient)
      showToast({ message: t`${saved.name} is saved.`, color: 'teal' })
      await router.navigate({ href: LISTINGS_PATH })
    },
    { refused: msg`The property could not be saved. Please try again.` },
  )
  const labels = {
    name: t`Name`,
    agencyId: t`Agency`,
    locationId: t`Location`,
    type: t`Type`,
    rentalTerm: t`Rental term`,
    price: t`Price`,
    minimumAge: t`Minimum age`,
    address: t`Address`,
    descriptionEn: t`Description in English`,
    descriptionFr: t`Description in French`,
    bedrooms: t`Bedrooms`,
    bathrooms: t`Bathrooms`,
    kitchens: t`Kitchens`,
    parkingSpaces: t`Parking spaces`,
    size: t`Size in m²`,
    images: t`Images`,
    cancellation: t`Cancellation option`,
    amendments: t`Amendment option`,
    latitude: t`Latitude`,
    longitude: t`Longitude`,
  } satisfies Partial<Record<keyof ListingFormValues, string>>
  const optionHelp = t`-1: not offered; 0: included; above 0: its fee.`
  const checkbox = (field: 'aircon' | 'furnished' | 'petsAllowed' | 'available' | 'soldOut' | 'hidden') =>
    form.getInputProps(field, { type: 'checkbox' })

  return (
    <form onSubmit={submit} noValidate aria-label={listing ? t`Edit ${listing.name}` : t`New property`}>
      <Stack gap="lg">
        <Section title={<Trans>The property</Trans>}>
          <TextInput label={labels.name} required maxLength={200} {...form.getInputProps('name')} />
          {choosesAgency ? <AgencyField form={form} label={labels.agencyId} /> : null}
          {listing ? (
            <Text size="sm" c="dimmed">
              <Trans>Agency: {listing.agency.name}</Trans>
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={labels.type}
              required
              {...form.getInputProps('type')}
              data={[
                { value: '', label: t`Choose a type` },
                ...PROPERTY_TYPES.map((type) => ({ value: type, label: i18n._(PROPERTY_TYPE_LABELS[type]) })),
              ]}
            />
            <LocationField form={form} label={labels.locationId} />
          </SimpleGrid>
          <TextInput label={labels.address} maxLength={500} {...form.getInputProps('address')} />
          <Textarea
            label={labels.descriptionEn}
            required
            resize="vertical"
            rows={4}
            lang="en"
            {...form.getInputProps('descriptionEn')}
          />
          <Textarea
            label={labels.descriptionFr}
            required
            resize="vertical"
            rows={4}
            lang="fr"
            {...form.getInputProps('descriptionFr')}
          />
        </Section>

        <Section title={<Trans>Images</Trans>}>
          <ImagesField
            label={labels.images}
            {...form.getInputProps('images')}
            value={form.values.images}
            onChange={(files) => form.setFieldValue('images', files)}
            onAdd={(file) => {
              form.insertListItem('images', file)
              // As typing in a field does: an image added answers 'Please add an image.'
              form.clearFieldError('images')
            }}
            pictures={pictures}
            onUploaded={(file, small) => setPictures((known) => ({ ...known, [file]: small }))}
          />
        </Section>

        <Section title={<Trans>Price and conditions</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={labels.price}
              description={t`In ${BASE_CURRENCY}, per rental term`}
              required
              min={0}
              decimalScale={2}
              {...form.getInputProps('price')}
            />
            <NativeSelect
              label={labels.rentalTerm}
              required
              {...form.getInputProps('rentalTerm')}
              data={[
                { value: '', label: t`Choose a term` },
                ...RENTAL_TERMS.map((term) => ({ value: term, label: i18n._(RENTAL_TERM_LABELS[term]) })),
              ]}
            />
            <NumberInput
              label={labels.minimumAge}
              description={t`${MINIMUM_AGE} or more`}
              required
              allowDecimal={false}
              {...form.getInputProps('minimumAge')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={labels.cancellation}
              description={optionHelp}
              required
              min={-1}
              decimalScale={2}
              {...form.getInputProps('cancellation')}
            />
            <NumberInput
              label={labels.amendments}
              description={optionHelp}
              required
              min={-1}
              decimalScale={2}
              {...form.getInputProps('amendments')}
            />
          </SimpleGrid>
        </Section>

        <Section title={<Trans>Rooms and amenities</Trans>}>
          <SimpleGrid cols={{ base: 2, sm: 5 }}>
            <NumberInput
              label={labels.bedrooms}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('bedrooms')}
            />
            <NumberInput
              label={labels.bathrooms}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('bathrooms')}
            />
            <NumberInput
              label={labels.kitchens}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('kitchens')}
            />
            <NumberInput
              label={labels.parkingSpaces}
              min={0}
              allowDecimal={false}
              {...form.getInputProps('parkingSpaces')}
            />
            <NumberInput label={labels.size} min={1} allowDecimal={false} {...optionalNumber(form, 'size')} />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox label={t`Air conditioning`} {...checkbox('aircon')} />
            <Checkbox label={t`Furnished`} {...checkbox('furnished')} />
            <Checkbox label={t`Pets allowed`} {...checkbox('petsAllowed')} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={labels.latitude}
              min={-90}
              max={90}
              decimalScale={6}
              {...optionalNumber(form, 'latitude')}
            />
            <NumberInput
              label={labels.longitude}
              min={-180}
              max={180}
              decimalScale={6}
              {...optionalNumber(form, 'longitude')}
            />
          </SimpleGrid>
        </Section>

        <Section title={<Trans>On the renter’s side</Trans>}>
          <Checkbox label={t`Available`} {...checkbox('available')} />
          <Checkbox label={t`Sold out`} {...checkbox('soldOut')} />
          <Checkbox
            label={t`Hidden`}
            description={t`A hidden property leaves search; its renters still see their bookings.`}
            {...checkbox('hidden')}
          />
        </Section>

        <FormAlert form={form} labels={labels} message={message} />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {listing ? <Trans>Save the changes</Trans> : <Trans>Create the property</Trans>}
          </Button>
          <Button variant="default" component={HrefLink} href={LISTINGS_PATH}>
            <Trans>Back to the properties</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
