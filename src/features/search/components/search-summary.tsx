// The phone's line over the results: the search in a few words (where, when, "Paris · Dec 18 – 23") and how
// many filters are set, as the button that opens them. A phone's filters are in a drawer, so without it
// nothing on the first screen would say what the results answer.
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Text, UnstyledButton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'

import { countriesQueryOptions } from '@/entities/property/catalog-api'
import { useLanguage } from '@/i18n/language'
import { formatStayDates } from '@/lib/day'

import { searchedStay, type SearchScreenParams } from '../search-params'
import classes from './search-summary.module.css'

/** The searched place's name: "Anywhere" without one, nothing until the locations are known. */
function usePlaceName(location: string | undefined): string | undefined {
  const { t } = useLingui()
  const language = useLanguage()
  const { data: countries } = useQuery({ ...countriesQueryOptions(language), enabled: Boolean(location) })
  if (!location) return t`Anywhere`
  return countries?.flatMap((country) => country.locations).find((place) => place._id === location)?.name
}

export interface SearchSummaryProps {
  params: SearchScreenParams
  /** How many filters are set. */
  count: number
  onOpen: () => void
}

export function SearchSummary({ params, count, onOpen }: SearchSummaryProps) {
  const { t } = useLingui()
  const language = useLanguage()
  const place = usePlaceName(params.location)
  // Dates that are no stay are left out of the search (`searchedStay`): the line says what was searched.
  const stay = searchedStay(params)
  const dates = stay ? formatStayDates(stay.from, stay.to, language) : t`Any dates`
  return (
    <UnstyledButton className={classes.summary} onClick={onOpen} data-testid="search-summary">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={700} lineClamp={1} miw={0} data-testid="search-summary-text">
          {place ? (
            <Trans>
              {place} · {dates}
            </Trans>
          ) : (
            dates
          )}
        </Text>
        <Badge variant="light" color="petrol" size="lg" tt="none" style={{ flex: 'none' }}>
          {count ? <Trans>Filters ({count})</Trans> : <Trans>Filters</Trans>}
        </Badge>
      </Group>
    </UnstyledButton>
  )
}
