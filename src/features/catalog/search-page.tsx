// The search screen: filters that live in the URL, results as cards, 15 more each time the end of the list
// comes into view (keyset pages from the server, docs/product.md §10).
import { Box, Button, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Plural, Trans } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'

import { useLanguage } from '@/i18n/language'
import { useLoadMoreOnScroll } from '@/lib/infinite-scroll'
import { LoadError } from '@/lib/load-error'
import { Screen } from '@/lib/screen'

import { propertySearchInfiniteQueryOptions } from './api'
import { PropertyCard } from './components/property-card'
import { SearchFilters } from './components/search-filters'
import { type SearchScreenParams, toFilters } from './search-params'

const FiltersDrawer = lazy(() =>
  import('./components/filters-drawer').then((module) => ({ default: module.FiltersDrawer })),
)

/** How many filters are set, for the phone's "Filters (3)" button. */
function activeFilterCount(params: SearchScreenParams): number {
  return [
    params.location,
    params.agency,
    params.types,
    params.terms,
    params.availability,
    params.from,
    params.q,
  ].filter(Boolean).length
}

function ResultsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={330} radius="lg" />
      ))}
    </SimpleGrid>
  )
}

function Results({ params }: { params: SearchScreenParams }) {
  const language = useLanguage()
  const query = useInfiniteQuery(propertySearchInfiniteQueryOptions(toFilters(params, language)))
  const sentinel = useLoadMoreOnScroll(query)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query

  if (query.isPending) return <ResultsSkeleton />
  if (query.isError && !query.data) {
    return (
      <LoadError
        title={<Trans>The results could not be loaded.</Trans>}
        offline={<Trans>You seem to be offline. Searches you made before are still available.</Trans>}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  }

  const items = query.data.pages.flatMap((page) => page.items)
  if (items.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl" ta="center">
        <Text fw={700} fz="lg">
          <Trans>No property matches this search.</Trans>
        </Text>
        <Text c="dimmed">
          <Trans>Try other dates, another place, or fewer filters.</Trans>
        </Text>
      </Stack>
    )
  }
  const stay = params.from && params.to ? { from: params.from, to: params.to } : undefined
  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm" aria-live="polite">
        {hasNextPage ? (
          <Plural
            value={items.length}
            one="# property shown, more below"
            other="# properties shown, more below"
          />
        ) : (
          <Plural value={items.length} one="# property" other="# properties" />
        )}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, xl: 3 }} spacing="lg" data-testid="search-results">
        {items.map((property) => (
          <PropertyCard key={property._id} property={property} stay={stay} headingOrder={2} />
        ))}
      </SimpleGrid>
      <div ref={sentinel} />
      {hasNextPage ? (
        <Group justify="center">
          {isFetchingNextPage ? (
            <Loader size="sm" />
          ) : (
            <Button variant="light" onClick={() => void fetchNextPage()}>
              <Trans>Show more</Trans>
            </Button>
          )}
        </Group>
      ) : (
        <Text c="dimmed" ta="center" size="sm">
          <Trans>That is every property for this search.</Trans>
        </Text>
      )}
    </Stack>
  )
}

export function SearchPage() {
  const params = useSearch({ from: '/search' })
  const navigate = useNavigate({ from: '/search' })
  const [drawerOpen, drawer] = useDisclosure(false)
  // The drawer's code loads on the first press of the button, not with the page.
  const [drawerUsed, setDrawerUsed] = useState(false)

  // Filters replace the URL rather than pushing: Back leaves the search instead of undoing each click.
  const update = (next: SearchScreenParams) => {
    void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true, resetScroll: false })
  }
  const clear = () =>
    void navigate({ search: (previous) => ({ l: previous.l }), replace: true, resetScroll: false })

  const filters = <SearchFilters params={params} onChange={update} onClear={clear} />
  const count = activeFilterCount(params)
  return (
    <Screen
      title={<Trans>Search</Trans>}
      lead={<Trans>Properties that match where and when you want to stay.</Trans>}
    >
      {/* Phone (docs/product.md §10: below 960 px, the theme's md) or desktop by CSS: the first paint is the
          right one. */}
      <Button
        hiddenFrom="md"
        variant="default"
        onClick={() => {
          setDrawerUsed(true)
          drawer.open()
        }}
        w="100%"
      >
        {count ? <Trans>Filters ({count})</Trans> : <Trans>Filters</Trans>}
      </Button>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <FiltersDrawer opened={drawerOpen} onClose={drawer.close}>
            {filters}
          </FiltersDrawer>
        </Suspense>
      ) : null}
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box
          component="aside"
          visibleFrom="md"
          style={{ width: 280, flex: 'none', position: 'sticky', top: 80 }}
        >
          {filters}
        </Box>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Results params={params} />
        </div>
      </Group>
    </Screen>
  )
}
