// A property's page in the back office: its form, filled with what the server has (./listing-form.tsx).
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Loader, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'

import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { listingQueryOptions } from './api'
import { ListingForm } from './listing-form'
import { LISTINGS_PATH } from './search-params'

export function EditListingPage() {
  const { t } = useLingui()
  const { id } = useParams({ strict: false }) as { id: string }
  const listing = useQuery(listingQueryOptions(id))
  let body
  if (listing.isPending) body = <Loader aria-label={t`Loading`} />
  else if (listing.isError)
    body = (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Trans>This property could not be read.</Trans>
          <Anchor component={HrefLink} href={LISTINGS_PATH}>
            <Trans>Back to the properties</Trans>
          </Anchor>
        </Stack>
      </Alert>
    )
  // Keyed by the property: the form starts from the values read, and keeps what is typed afterwards.
  else body = <ListingForm key={listing.data._id} listing={listing.data} />
  return (
    <Screen title={listing.data ? listing.data.name : <Trans>Property</Trans>} size="md">
      {body}
    </Screen>
  )
}
