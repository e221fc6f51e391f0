import { SimpleGrid, Text } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { Suspense } from 'react'

import { PROPERTIES_PAGE_SIZE } from '@/domain/constants'
import { useLanguage } from '@/i18n/language'
import { Screen, Upcoming } from '@/lib/screen'

import { type CatalogSearchFilters, propertySearchQueryOptions } from './api'
import { PropertyCard } from './components/property-card'
import { SectionFallback } from './components/section'
import type { SearchScreenParams } from './search-params'

function toFilters(
  params: SearchScreenParams,
  language: CatalogSearchFilters['language'],
): CatalogSearchFilters {
  return {
    size: PROPERTIES_PAGE_SIZE,
    language,
    locations: params.location ? [params.location] : undefined,
    agencies: params.agency ? [params.agency] : undefined,
    from: params.from,
    to: params.to,
  }
}

function Results({ params }: { params: SearchScreenParams }) {
  const language = useLanguage()
  const { data } = useSuspenseQuery(propertySearchQueryOptions(toFilters(params, language)))
  if (data.items.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No property matches this search. Try other dates or another place.</Trans>
      </Text>
    )
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {data.items.map((property) => (
        <PropertyCard key={property._id} property={property} />
      ))}
    </SimpleGrid>
  )
}

export function SearchPage() {
  const params = useSearch({ from: '/search' })
  return (
    <Screen
      title={<Trans>Search</Trans>}
      lead={<Trans>Properties that match where and when you want to stay.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="filters">
            Filters by agency, property type, rental term and availability, and a keyword search.
          </Trans>,
          <Trans key="scroll">More results as you scroll, and the results on a map.</Trans>,
        ]}
      />
      <Suspense fallback={<SectionFallback />}>
        <Results params={params} />
      </Suspense>
    </Screen>
  )
}
