// The search screen's filters. Each change is applied at once (to the URL, which drives the results);
// the keyword and prices are applied when typing pauses, so that each key press does not start a search. A
// value that breaks a rule of the search is kept as typed and said beside its field; the search leaves it
// out (`toFilters`).
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'

import { BASE_CURRENCY } from '@/domain/constants'
import { AVAILABILITY, PROPERTY_TYPES, RENTAL_TERMS } from '@/domain/enums'
import { pricesInOrder } from '@/domain/search-rules'
import { StayDates } from '@/entities/booking/stay-dates'
import { agenciesQueryOptions } from '@/entities/property/catalog-api'
import { LocationSelect } from '@/entities/property/location-select'
import { PROPERTY_TYPE_LABELS, RENTAL_TERM_LABELS } from '@/entities/property/property-labels'
import { SearchIcon } from '@/ui/icons'

import {
  MAX_BEDROOMS_FILTER,
  searchedStay,
  type SearchScreenParams,
  shownAvailability,
  splitIds,
  splitTerms,
  splitTypes,
} from '../search-params'

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

interface PriceRangeProps {
  label: string
  labels: { min: string; max: string }
  min: number | undefined
  max: number | undefined
  onChange: (min: number | undefined, max: number | undefined) => void
}

/**
 * A lowest and highest price, whole units of the base currency the prices are stored in (docs/product.md
 * §11), applied when typing pauses, as the keyword is. A highest price below the lowest is applied as typed
 * (the search leaves it out) and said beside the field at once.
 */
function PriceRange({ label, labels, min: minPrice, max: maxPrice, onChange }: PriceRangeProps) {
  const { t } = useLingui()
  const [min, setMin] = useState(minPrice?.toString() ?? '')
  const [max, setMax] = useState(maxPrice?.toString() ?? '')
  const applied = useRef({ min: minPrice, max: maxPrice })
  const apply = useDebouncedCallback((nextMin: string, nextMax: string) => {
    applied.current = { min: typedPrice(nextMin), max: typedPrice(nextMax) }
    onChange(applied.current.min, applied.current.max)
  }, 400)

  // The URL can change under the inputs (Back, Clear filters): they follow it, except for what they sent.
  useEffect(() => {
    if (minPrice !== applied.current.min) setMin(minPrice?.toString() ?? '')
    if (maxPrice !== applied.current.max) setMax(maxPrice?.toString() ?? '')
    applied.current = { min: minPrice, max: maxPrice }
  }, [minPrice, maxPrice])

  const inOrder = pricesInOrder(typedPrice(min), typedPrice(max))
  const field = (label: string, value: string, set: (text: string) => void, error?: string) => (
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
      error={error}
    />
  )
  return (
    <FilterGroup label={label}>
      <Group grow gap="sm" align="flex-start">
        {field(labels.min, min, (text) => {
          setMin(text)
          apply(text, max)
        })}
        {field(
          labels.max,
          max,
          (text) => {
            setMax(text)
            apply(min, text)
          },
          inOrder ? undefined : t`The highest price must not be below the lowest.`,
        )}
      </Group>
    </FilterGroup>
  )
}

/** At least N bedrooms, one choice of "Any", 1+ … 5+. */
function BedroomChips({ value, onChange }: { value: number | undefined; onChange: (n?: number) => void }) {
  const { t } = useLingui()
  const counts = Array.from({ length: MAX_BEDROOMS_FILTER }, (_, i) => i + 1)
  return (
    <Chip.Group
      multiple={false}
      value={value === undefined ? 'ANY' : String(value)}
      onChange={(chosen) => onChange(chosen === 'ANY' ? undefined : Number(chosen))}
    >
      <Group gap={6}>
        <Chip value="ANY" size="xs">
          {t`Any`}
        </Chip>
        {counts.map((count) => (
          <Chip key={count} value={String(count)} size="xs">
            {t`${count}+`}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  )
}

export function SearchFilters({ params, onChange, onClear }: SearchFiltersProps) {
  const { t, i18n } = useLingui()
  const availability = shownAvailability(params)
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
  // The dates follow it while rendering (React's "adjusting state when a prop changes").
  const [urlDates, setUrlDates] = useState({ from: params.from, to: params.to })
  if (urlDates.from !== params.from || urlDates.to !== params.to) {
    setUrlDates({ from: params.from, to: params.to })
    setFrom(params.from ?? '')
    setTo(params.to ?? '')
  }

  // Dates apply together, as typed: the fields say what is wrong with a stay, and the search leaves it out.
  const applyDates = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom)
    setTo(nextTo)
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
      {/* A stay's price, once there are dates: what the renter pays, whatever the term it is let by. */}
      {from && to ? (
        <PriceRange
          label={t`Price for these dates`}
          labels={{ min: t`Lowest total`, max: t`Highest total` }}
          min={params.minTotal}
          max={params.maxTotal}
          onChange={(minTotal, maxTotal) => onChange({ minTotal, maxTotal })}
        />
      ) : null}
      <PriceRange
        label={t`Price per rental term`}
        labels={{ min: t`Minimum`, max: t`Maximum` }}
        min={params.minPrice}
        max={params.maxPrice}
        onChange={(minPrice, maxPrice) => onChange({ minPrice, maxPrice })}
      />
      <FilterGroup label={t`Bedrooms`}>
        <BedroomChips value={params.bedrooms} onChange={(bedrooms) => onChange({ bedrooms })} />
      </FilterGroup>
      <FilterGroup label={t`Features`}>
        <Group gap={6}>
          <Chip
            size="xs"
            checked={params.furnished === true}
            onChange={(checked) => onChange({ furnished: checked ? true : undefined })}
          >
            {t`Furnished`}
          </Chip>
          <Chip
            size="xs"
            checked={params.pets === true}
            onChange={(checked) => onChange({ pets: checked ? true : undefined })}
          >
            {t`Pets allowed`}
          </Chip>
        </Group>
      </FilterGroup>
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
        {/* One choice of three, as chips like the filters above it: the one the search keeps, which with dates
            and nothing asked is what can be booked; All then names both values. */}
        <Chip.Group
          multiple={false}
          value={availability.length === 1 ? availability[0] : 'ALL'}
          onChange={(value) =>
            onChange({
              availability:
                value !== 'ALL' ? value : searchedStay(params) ? AVAILABILITY.join(',') : undefined,
            })
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
