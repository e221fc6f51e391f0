import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

import type { PropertySummary } from '@/domain/catalog'
import { AGENCY_IMAGE, BASE_CURRENCY, PROPERTY_IMAGE, SIZE_UNIT } from '@/domain/constants'
import { formatMoney, formatNumber } from '@/domain/money'
import { useLanguage } from '@/i18n/language'
import { AreaIcon, BathIcon, BedIcon } from '@/lib/icons'

import { PER_TERM_LABELS, PROPERTY_TYPE_LABELS } from '../labels'
import classes from './property-card.module.css'

export function PropertyCard({ property }: { property: PropertySummary }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  // Prices are in the base currency; conversion to the visitor's currency arrives with exchange rates.
  const price = formatMoney(property.price, BASE_CURRENCY, language)
  const per = i18n._(PER_TERM_LABELS[property.rentalTerm])
  return (
    <Card component="article" padding="md" className={classes.card}>
      <Card.Section className={classes.media}>
        <img
          src={property.image}
          alt=""
          width={PROPERTY_IMAGE.width}
          height={PROPERTY_IMAGE.height}
          loading="lazy"
          decoding="async"
          className={classes.image}
        />
        <Badge className={classes.type} variant="white" color="petrol" size="sm">
          {i18n._(PROPERTY_TYPE_LABELS[property.type])}
        </Badge>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={700} lineClamp={1} component="h3" m={0} fz="md">
          <Link to="/property" search={{ id: property._id }} className={classes.link}>
            {property.name}
          </Link>
        </Text>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {property.location.name}
        </Text>
        <Group gap="md" c="gray.7" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <BedIcon size={16} />
            <Text size="sm">
              <Plural value={property.bedrooms} one="# bedroom" other="# bedrooms" />
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <BathIcon size={16} />
            <Text size="sm">
              <Plural value={property.bathrooms} one="# bathroom" other="# bathrooms" />
            </Text>
          </Group>
          {property.size !== null ? (
            <Group gap={4} wrap="nowrap">
              <AreaIcon size={16} />
              <Text size="sm">
                {formatNumber(property.size, language)}&nbsp;{SIZE_UNIT}
              </Text>
            </Group>
          ) : null}
        </Group>
      </Stack>
      <Group justify="space-between" align="center" mt="md" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" miw={0}>
          <img
            src={property.agency.image}
            alt=""
            width={AGENCY_IMAGE.width}
            height={AGENCY_IMAGE.height}
            loading="lazy"
            className={classes.logo}
          />
          <Text size="xs" c="dimmed" lineClamp={1}>
            {property.agency.name}
          </Text>
        </Group>
        <Text fw={800} c="petrol.8" style={{ whiteSpace: 'nowrap' }}>
          <Trans>
            {price}{' '}
            <Text span size="xs" c="dimmed" fw={500}>
              / {per}
            </Text>
          </Trans>
        </Text>
      </Group>
    </Card>
  )
}
