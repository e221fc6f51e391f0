import { Badge, Group, Image, Stack, Text } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { Suspense } from 'react'

import { BASE_CURRENCY, PROPERTY_IMAGE_LARGE } from '@/domain/constants'
import { formatMoney } from '@/domain/money'
import { useLanguage } from '@/i18n/language'
import { Screen, Upcoming } from '@/lib/screen'

import { propertyQueryOptions } from './api'
import { SectionFallback } from './components/section'
import { PER_TERM_LABELS, PROPERTY_TYPE_LABELS } from './labels'

function PropertyDetails({ id }: { id: string }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const { data: property } = useSuspenseQuery(propertyQueryOptions(id, language))
  const cover = property.images[0]?.large ?? property.image
  const price = formatMoney(property.price, BASE_CURRENCY, language)
  const per = i18n._(PER_TERM_LABELS[property.rentalTerm])
  return (
    <Screen title={property.name} lead={property.location.name}>
      <Image
        src={cover}
        alt=""
        radius="lg"
        w="100%"
        h="auto"
        width={PROPERTY_IMAGE_LARGE.width}
        height={PROPERTY_IMAGE_LARGE.height}
        style={{ aspectRatio: '3 / 2', objectFit: 'cover' }}
      />
      <Group gap="sm">
        <Badge variant="light">{i18n._(PROPERTY_TYPE_LABELS[property.type])}</Badge>
        <Text fw={800} fz="xl" c="petrol.8">
          <Trans>
            {price} / {per}
          </Trans>
        </Text>
        <Text c="dimmed">{property.agency.name}</Text>
      </Group>
      <Text style={{ whiteSpace: 'pre-line' }}>{property.description}</Text>
      <Upcoming
        items={[
          <Trans key="gallery">The full photo gallery, the amenities and the property on a map.</Trans>,
          <Trans key="book">Dates to choose, the price of your stay, and a button to book it.</Trans>,
        ]}
      />
    </Screen>
  )
}

export function PropertyPage() {
  const { id } = useSearch({ from: '/property' })
  if (!id) {
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
  return (
    <Suspense fallback={<SectionFallback count={1} height={400} />}>
      <PropertyDetails id={id} />
    </Suspense>
  )
}
