// The search screen's filters. Each change is applied at once (to the URL, which drives the results);
// the keyword is applied when typing pauses, so that each key press does not start a search.
import { Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'

import { BASE_CURRENCY } from '@/domain/constants'
import { PROPERTY_TYPES, RENTAL_TERMS, type Availability } from '@/domain/enums'
import { SearchIcon } from '@/lib/icons'

import { agenciesQueryOptions } from '../api'
import { PROPERTY_TYPE_LABELS, RENTAL_TERM_LABELS } from '../labels'
import { type SearchScreenParams, splitIds, splitTerms, splitTypes } from '../search-params'
import { LocationSelect } from './location-select'
import { isInvalidStay, StayDates } from './stay-dates'

export interface SearchFiltersProps {
  params: SearchScreenParams
  onChange: (next: SearchScreenParams) => void
  onClear: () => void
}

function FilterGroup({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6} role="group" aria-label={typeof label === 'string' ? label : undefined}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {children}
    </Stack>
  )
}

const joined = (values: string[]) => (values.length ? values.join(',') : undefined)

function AgencyChips({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { data: agencies } = useQuery(agenciesQueryOptions())
  if (!agencies) return null
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Group gap={6}>
        {agencies.map((agency) => (
          <Chip key={agency._id} value={agency._id} size="xs" variant="outline">
            {agency.name}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  )
}

/** A price as typed: whole units, or undefined for none (or for what is not a price). */
function typedPrice(text: string): number | undefined {
  const trimmed = text.trim()
  return /^[0-9]{1,10}$/.test(trimmed) ? Number(trimmed) : undefined
}

/**
 * The lowest and highest price per rental term, in the base currency the prices are stored in
 * (docs/product.md §11), applied when typing pauses, as the keyword is. A highest price below the lowest
 * waits until it makes sense.
 */
function PriceRange({ params, onChange }: Pick<SearchFiltersProps, 'params' | 'onChange'>) {
  const { t } = useLingui()
  const [min, setMin] = useState(params.minPrice?.toString() ?? '')
  const [max, setMax] = useState(params.maxPrice?.toString() ?? '')
  const applied = useRef({ min: params.minPrice, max: params.maxPrice })
  const apply = useDebouncedCallback((nextMin: string, nextMax: string) => {
    const minPrice = typedPrice(nextMin)
    const maxPrice = typedPrice(nextMax)
    if (minPrice !== undefined && maxPrice !== undefined && maxPrice < minPrice) return
    applied.current = { min: minPrice, max: maxPrice }
    onChange({ minPrice, maxPrice })
  }, 400)

  // The URL can change under the inputs (Back, Clear filters): they follow it, except for what they sent.
  useEffect(() => {
    if (params.minPrice !== applied.current.min) setMin(params.minPrice?.toString() ?? '')
    if (params.maxPrice !== applied.current.max) setMax(params.maxPrice?.toString() ?? '')
    applied.current = { min: params.minPrice, max: params.maxPrice }
  }, [params.minPrice, params.maxPrice])

  const field = (label: string, value: string, set: (text: string) => void) => (
    <TextInput
      label={label}
      inputMode="numeric"
      pattern="[0-9]*"
      rightSection={
        <Text size="xs" c="dimmed">
          {BASE_CURRENCY}
        </Text>
      }
      value={value}
      onChange={(event) => set(event.currentTarget.value)}
    />
  )
  return (
    <FilterGroup label={t`Price per rental term`}>
      <Group grow gap="sm" align="flex-start">
        {field(t`Minimum`, min, (text) => {
          setMin(text)
          apply(text, max)
        })}
        {field(t`Maximum`, max, (text) => {
          setMax(text)
          apply(min, text)
        })}
      </Group>
    </FilterGroup>
  )
}

export function SearchFilters({ params, onChange, onClear }: SearchFiltersProps) {
  const { t, i18n } = useLingui()
  const [keyword, setKeyword] = useState(params.q ?? '')
  const appliedKeyword = useRef(params.q)
  const applyKeyword = useDebouncedCallback((q: string) => {
    appliedKeyword.current = q.trim() || undefined
    onChange({ q: appliedKeyword.current })
  }, 400)
  const [from, setFrom] = useState(params.from ?? '')
  const [to, setTo] = useState(params.to ?? '')

  // The URL can change under the filters (Back, the header's Search link): the inputs follow it, except
  // when the change is the keyword this input sent (the user may have typed on since).
  useEffect(() => {
    if (params.q !== appliedKeyword.current) setKeyword(params.q ?? '')
    appliedKeyword.current = params.q
  }, [params.q])
  useEffect(() => {
    setFrom(params.from ?? '')
    setTo(params.to ?? '')
  }, [params.from, params.to])

  // Dates apply together: a stay needs both ends, and an end before the start is not sent.
  const applyDates = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom)
    setTo(nextTo)
    if (isInvalidStay(nextFrom, nextTo)) return
    onChange({ from: nextFrom || undefined, to: nextTo || undefined })
  }

  return (
    <Stack
      gap="lg"
      component="form"
      role="search"
      aria-label={t`Search filters`}
      onSubmit={(e) => e.preventDefault()}
    >
      <TextInput
        label={t`Name`}
        placeholder={t`e.g. Loft, Cottage`}
        leftSection={<SearchIcon size={16} />}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.currentTarget.value)
          applyKeyword(event.currentTarget.value)
        }}
      />
      <LocationSelect
        value={params.location ?? ''}
        onChange={(location) => onChange({ location: location || undefined })}
      />
      <Group grow gap="sm" align="flex-start">
        <StayDates from={from} to={to} onChange={applyDates} />
      </Group>
      <PriceRange params={params} onChange={onChange} />
      <FilterGroup label={t`Property type`}>
        <Chip.Group
          multiple
          value={splitTypes(params.types)}
          onChange={(types) => onChange({ types: joined(types) })}
        >
          <Group gap={6}>
            {PROPERTY_TYPES.map((type) => (
              <Chip key={type} value={type} size="xs">
                {i18n._(PROPERTY_TYPE_LABELS[type])}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </FilterGroup>
      <FilterGroup label={t`Rental term`}>
        <Chip.Group
          multiple
          value={splitTerms(params.terms)}
          onChange={(terms) => onChange({ terms: joined(terms) })}
        >
          <Group gap={6}>
            {RENTAL_TERMS.map((term) => (
              <Chip key={term} value={term} size="xs">
                {i18n._(RENTAL_TERM_LABELS[term])}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </FilterGroup>
      <FilterGroup label={t`Availability`}>
        {/* One choice of three, as chips like the filters above it. */}
        <Chip.Group
          multiple={false}
          value={params.availability ?? 'ALL'}
          onChange={(value) =>
            onChange({ availability: value === 'ALL' ? undefined : (value as Availability) })
          }
        >
          <Group gap={6}>
            <Chip value="ALL" size="xs">
              {t`All`}
            </Chip>
            <Chip value="AVAILABLE" size="xs">
              {t`Available`}
            </Chip>
            <Chip value="UNAVAILABLE" size="xs">
              {t`Unavailable`}
            </Chip>
          </Group>
        </Chip.Group>
      </FilterGroup>
      <FilterGroup label={t`Agencies`}>
        <AgencyChips value={splitIds(params.agency)} onChange={(ids) => onChange({ agency: joined(ids) })} />
      </FilterGroup>
      <Button
        variant="subtle"
        onClick={() => {
          setKeyword('')
          setFrom('')
          setTo('')
          onClear()
        }}
      >
        <Trans>Clear filters</Trans>
      </Button>
    </Stack>
  )
}
