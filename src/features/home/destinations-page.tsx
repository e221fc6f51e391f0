import { useLingui } from '@lingui/react'
import { Suspense } from 'react'

import { Screen } from '@/ui/screen'

import { Destinations, DestinationsMap } from './components/destinations'
import { SectionFallback } from './components/section'
import { DESTINATIONS_HEAD } from './page-heads'

/** Tall enough to tell the countries apart, short enough to show the list below it on a phone. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS length, not copy
const MAP_HEIGHT = 'min(420px, 55vh)'

export function DestinationsPage() {
  const { i18n } = useLingui()
  return (
    <Screen title={i18n._(DESTINATIONS_HEAD.title)} lead={i18n._(DESTINATIONS_HEAD.lead)}>
      <Suspense fallback={<SectionFallback height={180} />}>
        <DestinationsMap height={MAP_HEIGHT} />
        <Destinations />
      </Suspense>
    </Screen>
  )
}
