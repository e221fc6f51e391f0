import { Button, NativeSelect, Paper, SimpleGrid } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, Suspense, useState } from 'react'

import { useLanguage } from '@/i18n/language'
import { PinIcon, SearchIcon } from '@/lib/icons'

import { countriesQueryOptions } from '../api'
import { isInvalidStay, StayDates } from './stay-dates'

export interface LocationSelectProps {
  value: string
  onChange: (value: string) => void
  label: string
  placeholder: string
}

export function LocationSelect({ value, onChange, label, placeholder }: LocationSelectProps) {
  const language = useLanguage()
  const { data: countries } = useSuspenseQuery(countriesQueryOptions(language))
  return (
    <NativeSelect
      label={label}
      leftSection={<PinIcon size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: placeholder },
        ...countries.map((country) => ({
          group: country.name,
          items: country.locations.map((location) => ({ value: location._id, label: location.name })),
        })),
      ]}
    />
  )
}

/** The home page's search: where and when, then the search screen with those filters. */
export function HeroSearch() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [location, setLocation] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const invalidRange = isInvalidStay(from, to)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (invalidRange) return
    void navigate({
      to: '/search',
      search: { location: location || undefined, from: from || undefined, to: to || undefined },
    })
  }

  const locationLabel = t`Location`
  const anywhere = t`Anywhere`
  return (
    <Paper
      c="var(--mantine-color-text)"
      component="form"
      onSubmit={submit}
      shadow="xl"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      role="search"
      aria-label={t`Search properties`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
        <Suspense
          fallback={
            <NativeSelect
              label={locationLabel}
              leftSection={<PinIcon size={16} />}
              data={[anywhere]}
              disabled
            />
          }
        >
          <LocationSelect
            value={location}
            onChange={setLocation}
            label={locationLabel}
            placeholder={anywhere}
          />
        </Suspense>
        <StayDates
          from={from}
          to={to}
          onChange={(nextFrom, nextTo) => {
            setFrom(nextFrom)
            setTo(nextTo)
          }}
        />
        <Button
          type="submit"
          size="md"
          color="amber.7"
          leftSection={<SearchIcon size={18} />}
          disabled={invalidRange}
        >
          <Trans>Search</Trans>
        </Button>
      </SimpleGrid>
    </Paper>
  )
}
