// The stay being booked, as the checkout's first card: the property (a link back to it with these dates), where
// it is, and the dates.
import { Trans } from '@lingui/react/macro'
import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import type { Property } from '@/contract/catalog'
import { PROPERTY_IMAGE } from '@/domain/constants'
import { useLanguage } from '@/i18n/language'
import { formatDay } from '@/lib/day'

export function StaySummary({ property, from, to }: { property: Property; from: string; to: string }) {
  const language = useLanguage()
  const start = formatDay(from, language)
  const end = formatDay(to, language)
  return (
    <Card withBorder radius="lg" padding="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <img
          src={property.image}
          alt=""
          width={PROPERTY_IMAGE.width / 2}
          height={PROPERTY_IMAGE.height / 2}
          style={{ borderRadius: 12, objectFit: 'cover', flexShrink: 0 }}
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor
            fw={700}
            renderRoot={(props) => <Link to="/property" search={{ id: property._id, from, to }} {...props} />}
          >
            {property.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {property.address ?? property.location.name}
          </Text>
          <Text size="sm" data-testid="checkout-dates">
            <Trans>
              From {start} to {end}
            </Trans>
          </Text>
        </Stack>
      </Group>
    </Card>
  )
}
