// The property screen (/property?id=…&from=…&to=…): gallery, every field of docs/product.md §6 with its
// label, the agency and the place, and the price of the chosen stay with a Book button that carries it to
// checkout (on a phone, also in a bar pinned to the bottom of the screen).
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { memo, type ReactNode, type Ref, useMemo, useRef, useState } from 'react'

import type { HeldStay, Property } from '@/contract/catalog'
import { FREE_CANCELLATION_HOURS, PROPERTIES_KEPT_OFFLINE, SIZE_UNIT } from '@/domain/constants'
import { formatNumber } from '@/domain/money'
import { isBookable } from '@/domain/search-rules'
import { isInvalidStay, overlapsHeld, StayDates } from '@/entities/booking/stay-dates'
import { FavouriteButton } from '@/entities/favourite/favourite-button'
import { LazyMap } from '@/entities/map/lazy-map'
import { propertyMarker } from '@/entities/map/markers'
import { AgencyLogo } from '@/entities/property/agency-logo'
import {
  availabilityQueryOptions,
  heldForRenter,
  ownHoldsQueryOptions,
  propertyKeys,
  propertyQueryOptions,
} from '@/entities/property/property-api'
import { PROPERTY_TYPE_LABELS } from '@/entities/property/property-labels'
import { useSessionUserId } from '@/entities/session/session'
import { useLanguage } from '@/i18n/language'
import { useAnotherLanguageWhileMissing } from '@/offline/other-language'
import { QueryState } from '@/offline/query-state'
import { LastUpdated, type SavedCopy } from '@/offline/read-state'
import { keepMostRecent } from '@/offline/recent-queries'
import { CALL_TO_ACTION } from '@/ui/brand'
import { Columns } from '@/ui/columns'
import { Fact } from '@/ui/fact'
import { Screen } from '@/ui/screen'

import { BookingBar, type Stay, useStayQuote } from './components/booking-bar'
import { PropertyGallery } from './components/gallery/property-gallery'
import { OptionValue } from './components/option-value'
import classes from './property-page.module.css'
import type { PropertyScreenParams } from './property-params'

function YesNo({ value }: { value: boolean }) {
  return value ? <Trans>Yes</Trans> : <Trans>No</Trans>
}

function Facts({ property }: { property: Property }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  return (
    <Columns cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
      <Fact label={<Trans>Type</Trans>} value={i18n._(PROPERTY_TYPE_LABELS[property.type])} />
      <Fact label={<Trans>Bedrooms</Trans>} value={property.bedrooms} />
      <Fact label={<Trans>Bathrooms</Trans>} value={property.bathrooms} />
      <Fact label={<Trans>Kitchens</Trans>} value={property.kitchens} />
      <Fact label={<Trans>Parking spaces</Trans>} value={property.parkingSpaces} />
      <Fact
        label={<Trans>Size</Trans>}
        value={property.size === null ? '—' : `${formatNumber(property.size, language)}\u00a0${SIZE_UNIT}`}
      />
      <Fact label={<Trans>Minimum age</Trans>} value={<Trans>{property.minimumAge} years</Trans>} />
      <Fact label={<Trans>Aircon</Trans>} value={<YesNo value={property.aircon} />} />
      <Fact label={<Trans>Furnished</Trans>} value={<YesNo value={property.furnished} />} />
      <Fact label={<Trans>Pets allowed</Trans>} value={<YesNo value={property.petsAllowed} />} />
      <Fact
        label={<Trans>Cancellation</Trans>}
        value={<OptionValue option="cancellation" value={property.cancellation} />}
      />
      <Fact
        label={<Trans>Amendments</Trans>}
        value={<OptionValue option="amendments" value={property.amendments} />}
      />
    </Columns>
  )
}

/** The stay being chosen: kept in the URL as it is chosen, so a reload or a shared link shows the same. */
function useStayChoice(params: PropertyScreenParams, held: readonly HeldStay[]) {
  const navigate = useNavigate({ from: '/property' })
  const [from, setFrom] = useState(params.from ?? '')
  const [to, setTo] = useState(params.to ?? '')
  // Priced and bookable only when it can be booked: its dates within bounds, none of its nights held.
  const datesBooked = Boolean(from && to && !isInvalidStay(from, to) && overlapsHeld(from, to, held))
  const stay: Stay | null = from && to && !isInvalidStay(from, to) && !datesBooked ? { from, to } : null
  const setDates = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom)
    setTo(nextTo)
    const ok = nextFrom && nextTo && !isInvalidStay(nextFrom, nextTo)
    void navigate({
      search: (previous) => ({ ...previous, from: nextFrom || undefined, to: ok ? nextTo : undefined }),
      replace: true,
      resetScroll: false,
    })
  }
  return { from, to, stay, datesBooked, setDates, held }
}

interface BookingPanelProps {
  property: Property
  choice: ReturnType<typeof useStayChoice>
  ref: Ref<HTMLDivElement>
}

function BookingPanel({ property, choice: { from, to, stay, setDates, held }, ref }: BookingPanelProps) {
  const { price, per, nights, total } = useStayQuote(property, stay)

  return (
    <Card
      ref={ref}
      withBorder
      radius="lg"
      padding="lg"
      shadow="sm"
      style={{ position: 'sticky', top: 80, scrollMarginTop: 80 }}
    >
      <Stack gap="md">
        <Text fw={800} fz={28} c="petrol.8">
          <Trans>
            {price}{' '}
            <Text span fz="md" c="dimmed" fw={500}>
              / {per}
            </Text>
          </Trans>
        </Text>
        <Group grow gap="sm" align="flex-start">
          <StayDates from={from} to={to} onChange={setDates} held={held} />
        </Group>
        {total ? (
          <Group justify="space-between" aria-live="polite">
            <Text>
              <Plural value={nights} one="# night" other="# nights" />
            </Text>
            <Text fw={700} data-testid="stay-total">
              {total}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>Choose your dates to see the price of your stay.</Trans>
          </Text>
        )}
        {isBookable(property) ? (
          <Button
            size="md"
            {...CALL_TO_ACTION}
            disabled={!stay}
            renderRoot={(props) =>
              stay ? (
                <Link
                  to="/checkout"
                  search={{ property: property._id, from: stay.from, to: stay.to }}
                  {...props}
                />
              ) : (
                <button type="button" {...props} />
              )
            }
          >
            <Trans>Book</Trans>
          </Button>
        ) : (
          <Alert color="gray" variant="light">
            {property.soldOut ? (
              <Trans>This property is sold out.</Trans>
            ) : (
              <Trans>This property is not available at the moment.</Trans>
            )}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          <Trans>
            A full refund may apply if cancelled {FREE_CANCELLATION_HOURS} hours before the rental date.
          </Trans>
        </Text>
      </Stack>
    </Card>
  )
}

function PropertyMap({ property }: { property: Property }) {
  const { t } = useLingui()
  const marker = propertyMarker(property, property.address ?? property.location.name)
  if (!marker) return null
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        <Trans>Where it is</Trans>
      </Title>
      <LazyMap markers={[marker]} height={320} label={t`Map of ${property.name}`} />
    </Stack>
  )
}

interface PropertyDetailsProps {
  property: Property
  params: PropertyScreenParams
  /** When the details were fetched: said while offline. */
  /** When what is shown was read, and whether in another language (`LastUpdated`). */
  saved: SavedCopy
}

/** No held stays known (offline, or not asked yet): the server still refuses an overlap at checkout. */
const NONE_HELD: readonly HeldStay[] = []

/**
 * What the page says of the property whatever the dates: drawn again only when the property changes, not
 * when its held stays arrive (a read made after the page is shown, whose answer draws the page again at once)
 * nor as the dates are chosen.
 */
const AboutProperty = memo(function AboutProperty({ property }: { property: Property }) {
  return (
    <>
      <PropertyGallery property={property} />
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <Trans>About this property</Trans>
        </Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{property.description}</Text>
      </Stack>
      <Facts property={property} />
      <PropertyMap property={property} />
      <Group gap="sm">
        {/* Under the description, the facts and the map. */}
        <AgencyLogo src={property.agency.image} />
        <Text size="sm">
          <Trans>
            Offered by{' '}
            <Anchor
              renderRoot={(props) => (
                <Link to="/search" search={{ agency: property.agency._id }} {...props} />
              )}
            >
              {property.agency.name}
            </Anchor>
          </Trans>
        </Text>
      </Group>
    </>
  )
})

function PropertyDetails({ property, params, saved }: PropertyDetailsProps) {
  const availability = useQuery({ ...availabilityQueryOptions(property._id), enabled: isBookable(property) })
  // The renter's own checkout waiting for its payment is theirs to resume, not booked to them.
  const userId = useSessionUserId()
  const own = useQuery({
    ...ownHoldsQueryOptions(property._id, userId ?? ''),
    enabled: Boolean(userId) && isBookable(property),
  })
  const held = useMemo(
    () => heldForRenter(availability.data?.held ?? NONE_HELD, own.data?.holds),
    [availability.data, own.data],
  )
  const choice = useStayChoice(params, held)
  const panel = useRef<HTMLDivElement>(null)
  // Book on the phone's bar before any dates, or Change dates: the panel's first date field, where the stay
  // is chosen.
  const chooseDates = () => {
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    panel.current?.querySelector('input')?.focus({ preventScroll: true })
  }
  return (
    <Screen title={property.name} lead={property.address ?? property.location.name}>
      <LastUpdated {...saved} />
      <Group gap="xs">
        {property.soldOut ? (
          <Badge color="dark">
            <Trans>Sold out</Trans>
          </Badge>
        ) : null}
        {!property.available ? (
          <Badge color="gray">
            <Trans>Unavailable</Trans>
          </Badge>
        ) : null}
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link to="/search" search={{ location: property.location._id }} {...props} />
          )}
        >
          {property.location.name}
        </Anchor>
        <FavouriteButton property={property} />
      </Group>
      <div className={classes.columns}>
        <Stack gap="xl">
          <AboutProperty property={property} />
        </Stack>
        <div>
          <BookingPanel property={property} choice={choice} ref={panel} />
        </div>
      </div>
      <BookingBar
        property={property}
        stay={choice.stay}
        datesBooked={choice.datesBooked}
        onChooseDates={chooseDates}
      />
    </Screen>
  )
}

/** The property's screen with no property to show: why, and the way back to the search. */
function NoProperty({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Screen title={title} size="md">
      <Text c="dimmed">{children}</Text>
      <Button variant="light" w="fit-content" renderRoot={(props) => <Link to="/search" {...props} />}>
        <Trans>Search properties</Trans>
      </Button>
    </Screen>
  )
}

function PropertyLoader({ params, id }: { params: PropertyScreenParams; id: string }) {
  const language = useLanguage()
  // Before the query below: opening a property is what makes the oldest of the last 20 go. Installed once
  // for the app's client (a render may run twice; the second call does nothing).
  keepMostRecent(useQueryClient(), propertyKeys.all(), PROPERTIES_KEPT_OFFLINE)
  const options = propertyQueryOptions(id, language)
  const another = useAnotherLanguageWhileMissing<Property>(options.queryKey, language)
  const query = useQuery({ ...options, placeholderData: another.placeholderData })
  return (
    <QueryState
      query={query}
      anotherLanguage={another}
      skeleton={
        <Screen title={<Skeleton height={36} width={280} />}>
          <Skeleton height={420} radius="lg" />
        </Screen>
      }
      notFound={
        <NoProperty title={<Trans>Property not found</Trans>}>
          <Trans>This property does not exist or is no longer offered.</Trans>
        </NoProperty>
      }
      error={({ offline }) => (
        <NoProperty title={<Trans>Property</Trans>}>
          {offline ? (
            <Trans>You seem to be offline, and this property was not saved on this device.</Trans>
          ) : (
            <Trans>An unhandled error occurred.</Trans>
          )}
        </NoProperty>
      )}
    >
      {(property, saved) => <PropertyDetails property={property} params={params} saved={saved} />}
    </QueryState>
  )
}

export function PropertyPage() {
  const params = useSearch({ from: '/property' })
  if (!params.id) {
    return (
      <Screen title={<Trans>Property</Trans>}>
        <Stack>
          <Text c="dimmed">
            <Trans>No property was chosen. Pick one from the search results.</Trans>
          </Text>
        </Stack>
      </Screen>
    )
  }
  return <PropertyLoader params={params} id={params.id} />
}
