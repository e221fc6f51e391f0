// The search screen: filters that live in the URL, results as cards (or pins on a map), 15 more each time the
// end of the list comes into view (keyset pages from the server, docs/product.md §10).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  useMantineTheme,
} from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useCallback, useState, useSyncExternalStore } from 'react'

import type { PropertyPage } from '@/contract/catalog'
import { DEFAULT_PROPERTY_SORT, isStayTotalSort, PROPERTY_SORTS, type PropertySort } from '@/domain/enums'
import { type MatchCount, propertySearchInfiniteQueryOptions } from '@/entities/property/catalog-api'
import { PropertyCard } from '@/entities/property/property-card'
import { useLanguage } from '@/i18n/language'
import { hasNoItems, QueryState } from '@/offline/query-state'
import { LastUpdated, type SavedCopy } from '@/offline/read-state'
import { Columns } from '@/ui/columns'
import { useLoadMoreOnScroll } from '@/ui/infinite-scroll'
import { Screen } from '@/ui/screen'

import { SearchSummary } from './components/search-summary'
import { SEARCH_HEAD } from './page-heads'
import { searchedStay, type SearchScreenParams, toFilters } from './search-params'

// The filters' code comes when they are shown: beside the results once a screen is known to be wide, in the
// drawer on a phone.
const SearchFilters = lazy(() =>
  import('./components/search-filters').then((module) => ({ default: module.SearchFilters })),
)
const FiltersDrawer = lazy(() =>
  import('./components/filters-drawer').then((module) => ({ default: module.FiltersDrawer })),
)
const ResultsMap = lazy(() =>
  import('./components/results-map').then((module) => ({ default: module.ResultsMap })),
)

const SORT_LABELS: Record<PropertySort, MessageDescriptor> = {
  available: msg`Available first`,
  newest: msg`Newest`,
  priceAsc: msg`Price: low to high`,
  priceDesc: msg`Price: high to low`,
  totalAsc: msg`Price for these dates: low to high`,
  totalDesc: msg`Price for these dates: high to low`,
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS length, not copy
const RESULTS_MAP_HEIGHT = 'min(70vh, 560px)'

/** The search of the screen's URL, all its pages; the results and the drawer's button read the same one. */
function useSearchResults(params: SearchScreenParams) {
  const language = useLanguage()
  return useInfiniteQuery(propertySearchInfiniteQueryOptions(toFilters(params, language)))
}

/** How many filters are set, for the phone's summary of the search ("Filters (3)"). */
function activeFilterCount(params: SearchScreenParams): number {
  return [
    params.location,
    params.agency,
    params.types,
    params.terms,
    params.availability,
    params.from,
    params.q,
    params.minPrice !== undefined || params.maxPrice !== undefined,
    params.minTotal !== undefined || params.maxTotal !== undefined,
    params.bedrooms,
    params.furnished,
    params.pets,
  ].filter(Boolean).length
}

function ResultsSkeleton() {
  return (
    <Columns cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={330} radius="lg" />
      ))}
    </Columns>
  )
}

interface ResultsProps {
  params: SearchScreenParams
  onChange: (next: SearchScreenParams) => void
}

/** The count of matches and the controls over the results: their order, and list or map. */
function ResultsBar({ params, onChange, count }: ResultsProps & { count: MatchCount }) {
  const { t, i18n } = useLingui()
  const showMap = params.view === 'map'
  const { total } = count
  // The orders by a stay's price are offered once there is a stay to price; without one, the search is in
  // the default order whatever the URL says.
  const stay = searchedStay(params)
  const sorts = PROPERTY_SORTS.filter((sort) => stay || !isStayTotalSort(sort))
  const sort = params.sort && sorts.includes(params.sort) ? params.sort : DEFAULT_PROPERTY_SORT
  const cap = i18n.number(total)
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Text fw={600} aria-live="polite" data-testid="results-count">
        {count.capped ? (
          <Trans>Over {cap} properties</Trans>
        ) : (
          <Plural value={total} one="# property" other="# properties" />
        )}
      </Text>
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label={t`Sort by`}
          value={sort}
          onChange={(event) => {
            const sort = event.currentTarget.value as PropertySort
            onChange({ sort: sort === DEFAULT_PROPERTY_SORT ? undefined : sort })
          }}
          data={sorts.map((value) => ({ value, label: i18n._(SORT_LABELS[value]) }))}
        />
        <Button.Group>
          <Button
            variant={showMap ? 'default' : 'filled'}
            aria-pressed={!showMap}
            onClick={() => onChange({ view: undefined })}
          >
            <Trans>List</Trans>
          </Button>
          <Button
            variant={showMap ? 'filled' : 'default'}
            aria-pressed={showMap}
            onClick={() => onChange({ view: 'map' })}
          >
            <Trans>Map</Trans>
          </Button>
        </Button.Group>
      </Group>
    </Group>
  )
}

function Results({ params, onChange }: ResultsProps) {
  const query = useSearchResults(params)
  return (
    <QueryState
      query={query}
      skeleton={<ResultsSkeleton />}
      offline={
        <Alert
          color="amber"
          variant="light"
          role="status"
          title={<Trans>Searching needs a connection.</Trans>}
        >
          <Text size="sm">
            <Trans>
              You seem to be offline, and this search was not saved on this device. Searches you made before
              are still available.
            </Trans>
          </Text>
        </Alert>
      }
      error={{
        title: <Trans>The results could not be loaded.</Trans>,
        offline: <Trans>You seem to be offline. Searches you made before are still available.</Trans>,
      }}
      isEmpty={hasNoItems}
      empty={
        <Stack align="center" gap="xs" py="xl" ta="center">
          <Text fw={700} fz="lg">
            <Trans>No property matches this search.</Trans>
          </Text>
          <Text c="dimmed">
            <Trans>Try other dates, another place, or fewer filters.</Trans>
          </Text>
        </Stack>
      }
    >
      {(data, saved) => (
        <FoundResults params={params} onChange={onChange} query={query} pages={data.pages} saved={saved} />
      )}
    </QueryState>
  )
}

function FoundResults({
  params,
  onChange,
  query,
  pages,
  saved,
}: ResultsProps & { query: ReturnType<typeof useSearchResults>; pages: PropertyPage[]; saved: SavedCopy }) {
  const sentinel = useLoadMoreOnScroll(query)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const items = pages.flatMap((page) => page.items)
  // Dates that are no stay (a start in the past) are said beside their fields, and priced nowhere.
  const stay = searchedStay(params)
  const count = matchCountOf(pages[0]) ?? { total: items.length, capped: false }
  return (
    <Stack gap="lg">
      <LastUpdated {...saved} />
      <ResultsBar params={params} onChange={onChange} count={count} />
      {params.view === 'map' ? (
        <Suspense fallback={<Skeleton height={RESULTS_MAP_HEIGHT} radius="md" />}>
          <ResultsMap properties={items} stay={stay} height={RESULTS_MAP_HEIGHT} />
        </Suspense>
      ) : (
        <>
          <Columns cols={{ base: 1, xs: 2, xl: 3 }} spacing="lg" data-testid="search-results">
            {items.map((property, index) => (
              <PropertyCard
                key={property._id}
                property={property}
                stay={stay}
                headingOrder={2}
                // The first row on a wide screen; the first card alone is in view on a phone.
                priority={index === 0 ? 'high' : index < 3 ? 'auto' : undefined}
              />
            ))}
          </Columns>
          <div ref={sentinel} />
        </>
      )}
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

function matchCountOf(page: PropertyPage | undefined): MatchCount | undefined {
  return page && page.total !== null ? { total: page.total, capped: page.totalCapped } : undefined
}

/** How many properties the drawer's filters find, once the first page says. */
function useMatchCount(params: SearchScreenParams): MatchCount | undefined {
  const { data } = useSearchResults(params)
  return matchCountOf(data?.pages[0])
}

/**
 * The filters beside the results, on a wide screen. Not in the page's HTML, which cannot know the screen, nor
 * during hydration: on a phone the column is hidden (the drawer holds the filters), and its two dozen controls
 * were the largest part of taking a phone's page over. A wide screen shows their outline, then the filters
 * once the page is taken over; their controls would wait for that anyway (src/ui/ready-fieldset.tsx).
 */
function SideFilters({ children }: { children: ReactNode }) {
  const theme = useMantineTheme()
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not copy
  const query = `(min-width: ${theme.breakpoints.md})`
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  // Unknown in the HTML and while React takes it over; the screen's answer in every other render.
  const screen = useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(query).matches ? 'wide' : 'narrow'),
    () => 'unknown',
  )
  // The outline of the filters, until the page is taken over and the screen known, and while their code
  // comes: then the filters, or nothing (the column is hidden on a phone).
  const outline = (
    <Stack gap="md" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} height={i === 0 ? 24 : 56} radius="sm" />
      ))}
    </Stack>
  )
  // Under the sticky header, and scrolled on its own when taller than the screen: a dated search's filters
  // are, on a laptop's 800 px, and the last ones were out of reach until the endless results ended. Its padding
  // keeps the focus rings of the fields on its edges inside what it shows.
  return (
    <Box
      component="aside"
      visibleFrom="md"
      style={{
        width: 288,
        flex: 'none',
        position: 'sticky',
        top: 76,
        maxHeight: 'calc(100dvh - 88px)',
        overflowY: 'auto',
        padding: 4,
        margin: -4,
      }}
    >
      {screen === 'wide' ? (
        <Suspense fallback={outline}>{children}</Suspense>
      ) : screen === 'unknown' ? (
        outline
      ) : null}
    </Box>
  )
}

export function SearchPage() {
  const { i18n } = useLingui()
  const params = useSearch({ from: '/search' })
  const navigate = useNavigate({ from: '/search' })
  const [drawerOpen, drawer] = useDisclosure(false)
  // The drawer's code loads on the first press of the button, not with the page.
  const [drawerUsed, setDrawerUsed] = useState(false)

  // Filters replace the URL rather than pushing: Back leaves the search instead of undoing each click.
  const update = (next: SearchScreenParams) => {
    void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true, resetScroll: false })
  }
  // Clearing the filters keeps how the results are shown: their order, list or map.
  const clear = () =>
    void navigate({
      search: (previous) => ({ l: previous.l, sort: previous.sort, view: previous.view }),
      replace: true,
      resetScroll: false,
    })

  const filters = <SearchFilters params={params} onChange={update} onClear={clear} />
  const count = activeFilterCount(params)
  const matches = useMatchCount(params)
  return (
    <Screen
      title={i18n._(SEARCH_HEAD.title)}
      // A phone's first screen is for the results: the summary of the search over them says what they answer.
      lead={
        <Box component="span" visibleFrom="md">
          {i18n._(SEARCH_HEAD.lead)}
        </Box>
      }
    >
      {/* Phone (docs/product.md §10: below 960 px, the theme's md) or desktop by CSS: the first paint is the
          right one. */}
      <Box hiddenFrom="md">
        <SearchSummary
          params={params}
          count={count}
          onOpen={() => {
            setDrawerUsed(true)
            drawer.open()
          }}
        />
      </Box>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <FiltersDrawer opened={drawerOpen} onClose={drawer.close} matches={matches}>
            {filters}
          </FiltersDrawer>
        </Suspense>
      ) : null}
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <SideFilters>{filters}</SideFilters>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Results params={params} onChange={update} />
        </div>
      </Group>
    </Screen>
  )
}
