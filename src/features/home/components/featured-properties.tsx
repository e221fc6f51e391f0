import { Trans } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'

import { featuredPropertiesQueryOptions } from '@/entities/property/catalog-api'
import { PropertyCard } from '@/entities/property/property-card'
import { useLanguage } from '@/i18n/language'
import { Columns } from '@/ui/columns'

export function FeaturedProperties() {
  const language = useLanguage()
  const { data } = useSuspenseQuery(featuredPropertiesQueryOptions(language))
  if (data.items.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No properties are available right now. Please come back soon.</Trans>
      </Text>
    )
  }
  return (
    <Columns cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {data.items.map((property) => (
        <PropertyCard key={property._id} property={property} />
      ))}
    </Columns>
  )
}
