import { Plural, useLingui } from '@lingui/react/macro'
import { Badge, Card, Group, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'

import { MIN_LOCATIONS, PROPERTY_IMAGE } from '@/domain/constants'
import { LazyMap } from '@/entities/map/lazy-map'
import { destinationMarkers } from '@/entities/map/markers'
import { countriesQueryOptions } from '@/entities/property/catalog-api'
import { useLanguage } from '@/i18n/language'
import { Columns } from '@/ui/columns'

import classes from './destinations.module.css'

/** On a card of the home page's selection, the first places of its country (the destinations page shows all). */
const FEATURED_PLACES = 8

/**
 * Countries with every place that has properties, as the API lists them (sorted in the screen's language).
 * With `limit`, the home page's selection: the first countries with at least MIN_LOCATIONS places
 * (docs/product.md §10), a few places each.
 */
export function Destinations({ limit }: { limit?: number }) {
  const language = useLanguage()
  const { data: countries } = useSuspenseQuery(countriesQueryOptions(language))
  const shown =
    limit === undefined
      ? countries
      : countries.filter((country) => country.locations.length >= MIN_LOCATIONS).slice(0, limit)
  return (
    <Columns cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {shown.map((country) => {
        const cover = country.locations.find((location) => location.image)?.image
        const places = limit === undefined ? country.locations : country.locations.slice(0, FEATURED_PLACES)
        return (
          <Card key={country._id} padding="md" component="article">
            {cover ? (
              <Card.Section className={classes.media}>
                <img
                  src={cover}
                  alt=""
                  width={PROPERTY_IMAGE.width}
                  height={PROPERTY_IMAGE.height}
                  loading="lazy"
                  decoding="async"
                  className={classes.image}
                />
              </Card.Section>
            ) : null}
            <Group justify="space-between" mt={cover ? 'sm' : 0} mb="xs" wrap="nowrap">
              <Text component="h3" fw={700} fz="lg" m={0}>
                {country.name}
              </Text>
              <Text size="xs" c="dimmed">
                <Plural value={country.locations.length} one="# location" other="# locations" />
              </Text>
            </Group>
            <Group gap={6}>
              {places.map((location) => (
                <Badge
                  key={location._id}
                  renderRoot={(props) => <Link to="/search" search={{ location: location._id }} {...props} />}
                  variant="light"
                  radius="xl"
                  style={{ textTransform: 'none', cursor: 'pointer' }}
                >
                  {location.name}
                </Badge>
              ))}
            </Group>
          </Card>
        )
      })}
    </Columns>
  )
}

/** Every destination location on a map; each pin's popup leads to a search of that place. */
export function DestinationsMap({ height }: { height?: number | string }) {
  const { t } = useLingui()
  const language = useLanguage()
  const { data: countries } = useSuspenseQuery(countriesQueryOptions(language))
  const markers = useMemo(() => destinationMarkers(countries), [countries])
  return <LazyMap markers={markers} height={height} label={t`Map of destinations`} />
}
