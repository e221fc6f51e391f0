import { Trans } from '@lingui/react/macro'
import { Suspense } from 'react'

import { Screen } from '@/lib/screen'

import { Destinations, DestinationsMap } from './components/destinations'
import { SectionFallback } from './components/section'

/** Tall enough to tell the countries apart, short enough to show the list below it on a phone. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS length, not copy
const MAP_HEIGHT = 'min(420px, 55vh)'

export function DestinationsPage() {
  return (
    <Screen
      title={<Trans>Destinations</Trans>}
      lead={
        <Trans>Countries and places where you can rent with Haven. Pick a place to see its properties.</Trans>
      }
    >
      <Suspense fallback={<SectionFallback height={180} />}>
        <DestinationsMap height={MAP_HEIGHT} />
        <Destinations />
      </Suspense>
    </Screen>
  )
}
