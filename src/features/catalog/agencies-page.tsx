import { Trans } from '@lingui/react/macro'
import { Suspense } from 'react'

import { Screen } from '@/lib/screen'

import { AgencyList } from './components/agency-list'
import { SectionFallback } from './components/section'

export function AgenciesPage() {
  return (
    <Screen
      title={<Trans>Agencies</Trans>}
      lead={<Trans>The agencies that offer their properties on Haven. Pick one to see what it rents.</Trans>}
    >
      <Suspense fallback={<SectionFallback height={64} count={8} />}>
        <AgencyList />
      </Suspense>
    </Screen>
  )
}
