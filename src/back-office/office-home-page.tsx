import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'

import { staffSessionQueryOptions } from '@/entities/staff/staff-session'
import { Screen } from '@/lib/screen'

/** The back office's first page until its inbox comes (docs/architecture.md, The back office). */
export function OfficeHomePage() {
  const { data: user } = useSuspenseQuery(staffSessionQueryOptions())
  const name = user?.fullName ?? ''
  return (
    <Screen
      title={<Trans>Welcome, {name}</Trans>}
      lead={<Trans>Booking requests, the calendar and your listings will be answered from here.</Trans>}
    />
  )
}
