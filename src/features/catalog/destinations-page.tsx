import { Trans } from '@lingui/react/macro'
import { Suspense } from 'react'

import { Screen } from '@/lib/screen'

import { Destinations } from './components/destinations'
import { SectionFallback } from './components/section'

export function DestinationsPage() {
  return (
    <Screen
      title={<Trans>Destinations</Trans>}
      lead={
        <Trans>Countries and places where you can rent with Haven. Pick a place to see its properties.</Trans>
      }
    >
      <Suspense fallback={<SectionFallback height={180} />}>
        <Destinations />
      </Suspense>
    </Screen>
  )
}
