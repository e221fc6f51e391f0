// A new property: the property form, empty (./listing-form.tsx).
import { Trans } from '@lingui/react/macro'

import { Screen } from '@/ui/screen'

import { ListingForm } from './listing-form'

export function NewListingPage() {
  return (
    <Screen title={<Trans>New property</Trans>} size="md">
      <ListingForm />
    </Screen>
  )
}
