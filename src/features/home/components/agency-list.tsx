import { Plural } from '@lingui/react/macro'
import { Group, Paper, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'

import { AgencyLogo } from '@/entities/property/agency-logo'
import { agenciesQueryOptions } from '@/entities/property/catalog-api'
import { Columns } from '@/ui/columns'

export function AgencyList({ limit }: { limit?: number }) {
  const { data: agencies } = useSuspenseQuery(agenciesQueryOptions())
  const shown = limit === undefined ? agencies : agencies.slice(0, limit)
  return (
    <Columns cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {shown.map((agency) => (
        <Paper
          key={agency._id}
          renderRoot={(props) => <Link to="/search" search={{ agency: agency._id }} {...props} />}
          withBorder
          radius="lg"
          p="sm"
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
          <Group gap="sm" wrap="nowrap">
            <AgencyLogo src={agency.image} />
            {/* The name takes the card's remaining width (a shrink-wrapped box clipped names that fitted),
                and wraps once before it is cut short. */}
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text fw={600} size="sm" lineClamp={2}>
                {agency.name}
              </Text>
              <Text size="xs" c="dimmed">
                <Plural value={agency.propertyCount} one="# property" other="# properties" />
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Columns>
  )
}
