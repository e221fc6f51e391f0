// The saved places screen (/favourites, docs/product.md §15): the properties kept with a heart, the latest
// first (the account's for a signed-in user, readable offline from the persisted cache; the device's for a
// visitor), and the properties recently opened on this device, which can be read again without a connection.
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import type { PropertySummary } from '@/contract/catalog'
import { useSavedPlaces } from '@/entities/favourite/use-favourites'
import { PropertyCard } from '@/entities/property/property-card'
import { useSessionUserId } from '@/entities/session/session'
import { LastUpdated, useUnavailableOffline } from '@/offline/read-state'
import { Columns } from '@/ui/columns'
import { ListSkeleton, LoadError } from '@/ui/load-error'
import { Screen } from '@/ui/screen'

import { useRecentlyViewed } from './recently-viewed'

function Cards({ properties, label }: { properties: readonly PropertySummary[]; label: string }) {
  return (
    <Columns cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" aria-label={label} role="list">
      {properties.map((property) => (
        <div role="listitem" key={property._id}>
          <PropertyCard property={property} />
        </div>
      ))}
    </Columns>
  )
}

function SavedList() {
  const { t } = useLingui()
  const signedIn = useSessionUserId() !== null
  const { items, query } = useSavedPlaces()
  const unavailable = useUnavailableOffline(
    query ?? { data: items, error: null, failureReason: null, fetchStatus: 'idle' },
  )
  if (items === undefined) {
    if (query && (query.isError || unavailable)) {
      return (
        <LoadError
          title={<Trans>Your saved places could not be loaded.</Trans>}
          offline={
            <Trans>You seem to be offline, and your saved places were not saved on this device.</Trans>
          }
          error={query.error}
          offlineNow={unavailable}
          onRetry={() => void query.refetch()}
        />
      )
    }
    return <ListSkeleton count={3} height={120} />
  }
  return (
    <Stack gap="sm">
      {query ? <LastUpdated at={query.dataUpdatedAt} /> : null}
      {signedIn ? null : (
        <Text size="sm" data-testid="saved-on-device">
          <Trans>
            These are kept on this device only.{' '}
            <Anchor
              underline="always"
              renderRoot={(props) => <Link to="/sign-in" search={{ redirect: '/favourites' }} {...props} />}
            >
              Sign in
            </Anchor>{' '}
            to keep them in your account.
          </Trans>
        </Text>
      )}
      {items.length === 0 ? (
        <Text c="dimmed">
          <Trans>Nothing saved yet. Tap the heart on a property to find it here.</Trans>
        </Text>
      ) : (
        <Cards properties={items.map((item) => item.property)} label={t`Saved places`} />
      )}
    </Stack>
  )
}

function RecentlyViewed() {
  const { t } = useLingui()
  const properties = useRecentlyViewed()
  return (
    <Stack gap="sm" component="section" aria-labelledby="recently-viewed">
      <Title order={2} fz="h3" id="recently-viewed">
        <Trans>Recently viewed</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          The last properties you opened, kept on this device: you can open them without a connection.
        </Trans>
      </Text>
      {properties.length === 0 ? (
        <Text c="dimmed">
          <Trans>The properties you open will be listed here.</Trans>
        </Text>
      ) : (
        <Cards properties={properties} label={t`Recently viewed`} />
      )}
    </Stack>
  )
}

export function FavouritesPage() {
  return (
    <Screen title={<Trans>Saved places</Trans>} lead={<Trans>The properties you keep with a heart.</Trans>}>
      <SavedList />
      <RecentlyViewed />
    </Screen>
  )
}
