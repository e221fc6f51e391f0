import { useLingui } from '@lingui/react'
import { Suspense } from 'react'

import { Screen } from '@/ui/screen'

import { AgencyList } from './components/agency-list'
import { SectionFallback } from './components/section'
import { AGENCIES_HEAD } from './page-heads'

export function AgenciesPage() {
  const { i18n } = useLingui()
  return (
    <Screen title={i18n._(AGENCIES_HEAD.title)} lead={i18n._(AGENCIES_HEAD.lead)}>
      <Suspense fallback={<SectionFallback height={64} count={8} />}>
        <AgencyList />
      </Suspense>
    </Screen>
  )
}
