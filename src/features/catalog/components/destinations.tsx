import { Badge, Card, Group, SimpleGrid, Text } from '@mantine/core'
import { Plural, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'

import { PROPERTY_IMAGE } from '@/domain/constants'
import { useLanguage } from '@/i18n/language'

import { countriesQueryOptions } from '../api'
import classes from './destinations.module.css'
import { LazyMap } from './map/lazy-map'
import { destinationMarkers } from './map/markers'

/** Countries with their locations (the API lists only countries with at least four). */
export function Destinations({ limit }: { limit?: number }) {
  const language = useLanguage()
  const { data: countries } = useSuspenseQuery(countriesQueryOptions(language))
  const shown = limit === undefined ? countries : countries.slice(0, limit)
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {shown.map((country) => {
        const cover = country.locations.find((location) => location.image)?.image
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
              {country.locations.slice(0, 8).map((location) => (
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
    </SimpleGrid>
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
