import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { memo, type ReactNode } from 'react'

import type { PropertySummary } from '@/contract/catalog'
import { PROPERTY_IMAGE, SIZE_UNIT } from '@/domain/constants'
import { formatNumber } from '@/domain/money'
import { rentalDays, rentalPrice } from '@/domain/price'
import { isBookable } from '@/domain/search-rules'
import { useMoney } from '@/entities/currency/money'
import { FavouriteButton } from '@/entities/favourite/favourite-button'
import { useLanguage } from '@/i18n/language'
import { AreaIcon, BathIcon, BedIcon } from '@/ui/icons'

import { AgencyLogo } from './agency-logo'
import classes from './property-card.module.css'
import { PER_TERM_LABELS, PROPERTY_TYPE_LABELS } from './property-labels'

export interface PropertyCardProps {
  property: PropertySummary
  /** The dates searched for: the card then shows the price of the whole stay, if it can be booked. */
  stay?: { from: string; to: string }
  /** The level of the card's title: 2 in a list right under the page's h1, 3 under a section's h2. */
  headingOrder?: 2 | 3
  /**
   * The card is among the first a screen shows, in view as it opens: its photo loads at once instead of
   * lazily after layout, and `high` puts it first (the first card's photo is a search page's largest paint).
   */
  priority?: 'high' | 'auto'
}

/** One of the card's facts (rooms, size): an icon and a short text. */
function CardFact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  )
}

function PropertyCardView({ property, stay, headingOrder = 3, priority }: PropertyCardProps) {
  const { i18n } = useLingui()
  const language = useLanguage()
  // Prices are in the base currency: shown converted to the visitor's currency.
  const money = useMoney()
  const price = money(property.price)
  const per = i18n._(PER_TERM_LABELS[property.rentalTerm])
  // A property that cannot be booked has no stay to price: its badge says why.
  const priced = stay && isBookable(property) ? stay : undefined
  const nights = priced ? rentalDays(priced.from, priced.to) : 0
  const total = priced ? money(rentalPrice(property, priced)) : null
  return (
    <Card component="article" padding="md" className={classes.card}>
      <Card.Section className={classes.media}>
        <img
          src={property.image}
          alt=""
          width={PROPERTY_IMAGE.width}
          height={PROPERTY_IMAGE.height}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority}
          decoding="async"
          className={classes.image}
        />
        <Badge className={classes.type} variant="white" color="petrol" size="sm">
          {i18n._(PROPERTY_TYPE_LABELS[property.type])}
        </Badge>
        {!isBookable(property) ? (
          <Badge className={classes.status} variant="filled" color="dark" size="sm">
            {property.soldOut ? <Trans>Sold out</Trans> : <Trans>Unavailable</Trans>}
          </Badge>
        ) : null}
        <FavouriteButton property={property} size="md" className={classes.favourite} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={700} lineClamp={1} component={headingOrder === 2 ? 'h2' : 'h3'} m={0} fz="md">
          <Link
            to="/property"
            search={{ id: property._id, from: stay?.from, to: stay?.to }}
            className={classes.link}
          >
            {property.name}
          </Link>
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {property.location.name}
        </Text>
        {/* Rooms only when there are some: a plot or a warehouse has none to count. */}
        <Group gap="md" c="gray.7" wrap="nowrap">
          {property.bedrooms > 0 ? (
            <CardFact icon={<BedIcon size={16} />}>
              <Plural value={property.bedrooms} one="# bedroom" other="# bedrooms" />
            </CardFact>
          ) : null}
          {property.bathrooms > 0 ? (
            <CardFact icon={<BathIcon size={16} />}>
              <Plural value={property.bathrooms} one="# bathroom" other="# bathrooms" />
            </CardFact>
          ) : null}
          {property.size !== null ? (
            <CardFact icon={<AreaIcon size={16} />}>
              {formatNumber(property.size, language)}&nbsp;{SIZE_UNIT}
            </CardFact>
          ) : null}
        </Group>
      </Stack>
      <Group justify="space-between" align="center" mt="md" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" miw={0}>
          <AgencyLogo src={property.agency.image} />
          <Text size="xs" c="dimmed" lineClamp={1}>
            {property.agency.name}
          </Text>
        </Group>
        {/* With dates, the price is what the stay costs; its price per term says how it was reached. */}
        <Stack gap={0} align="flex-end">
          {total ? (
            <>
              <Text fw={800} c="petrol.8" style={{ whiteSpace: 'nowrap' }} data-testid="card-price">
                <Trans>
                  {total}{' '}
                  <Text span size="xs" c="dimmed" fw={500}>
                    for <Plural value={nights} one="# night" other="# nights" />
                  </Text>
                </Trans>
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="card-term-price">
                <Trans>
                  {price} / {per}
                </Trans>
              </Text>
            </>
          ) : (
            <Text fw={800} c="petrol.8" style={{ whiteSpace: 'nowrap' }} data-testid="card-price">
              <Trans>
                {price}{' '}
                <Text span size="xs" c="dimmed" fw={500}>
                  / {per}
                </Text>
              </Trans>
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  )
}

const sameStay = (a: PropertyCardProps['stay'], b: PropertyCardProps['stay']) =>
  a?.from === b?.from && a?.to === b?.to

/**
 * A card draws again only when what it shows changed (its own hooks still follow the language, the currency
 * and the saved places): a list that renders again (the next page loading, a state of the page's read, its
 * take-over by React) would otherwise draw every card again, with its photo, facts and heart. The stay is
 * compared by its dates, which a list computes anew each render; every other prop as `memo` compares it.
 */
export const PropertyCard = memo(PropertyCardView, ({ stay, ...before }, { stay: stayAfter, ...after }) => {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof typeof before>
  return sameStay(stay, stayAfter) && [...keys].every((key) => before[key] === after[key])
})
