// Checkout (/checkout?property=&from=&to=, docs/product.md §12): the stay, its options and the server's price
// for them, the Terms of Use and how to pay; a signed-in renter books as themselves, a visitor as a guest.
// The price shown is always the server's (asked again when an option changes) and is sent back with the
// checkout, which one operation id keeps to one booking however often it is sent.
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Grid, Skeleton, Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'

import { propertyQueryOptions } from '@/entities/property/property-api'
import { useSessionUser } from '@/entities/session/session'
import { useLanguage } from '@/i18n/language'
import { QueryState } from '@/offline/query-state'
import { NeedsConnection } from '@/offline/read-state'
import { Screen } from '@/ui/screen'

import { bookingPriceQueryOptions, type StayChoice } from './api'
import { CheckoutForm } from './components/checkout-form'
import { Confirmation, GuestConfirmation } from './components/confirmation'
import { PaymentReceived } from './components/payment-received'
import { PriceBreakdown } from './components/price-breakdown'
import { type OptionName, StayOptions } from './components/stay-options'
import { StaySummary } from './components/stay-summary'
import { refusalMessage } from './refusal'

function CheckoutSkeleton() {
  return (
    <Screen title={<Trans>Checkout</Trans>}>
      <Skeleton height={420} radius="lg" />
    </Screen>
  )
}

/**
 * A checkout that cannot go on: why, and the way back. With a property known, back to its page to choose other
 * dates (the property is kept); otherwise to search.
 */
function NoStay({ message, propertyId }: { message: ReactNode; propertyId?: string }) {
  return (
    <Screen size="md" title={<Trans>Checkout</Trans>}>
      <Text role="alert">{message}</Text>
      {propertyId ? (
        <Button
          variant="light"
          w="fit-content"
          renderRoot={(props) => <Link to="/property" search={{ id: propertyId }} {...props} />}
        >
          <Trans>Choose other dates</Trans>
        </Button>
      ) : (
        <Button variant="light" w="fit-content" renderRoot={(props) => <Link to="/search" {...props} />}>
          <Trans>Search properties</Trans>
        </Button>
      )}
    </Screen>
  )
}

/** Offline with the property or its price not saved on this device. */
function CheckoutNeedsConnection() {
  return (
    <Screen size="md" title={<Trans>Checkout</Trans>}>
      <NeedsConnection title={<Trans>Booking needs a connection.</Trans>} />
      <Button variant="light" w="fit-content" renderRoot={(props) => <Link to="/search" {...props} />}>
        <Trans>Search properties</Trans>
      </Button>
    </Screen>
  )
}

function Checkout({ propertyId, from, to }: { propertyId: string; from: string; to: string }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const user = useSessionUser()
  const [chosen, setChosen] = useState({ cancellation: false, amendments: false })
  const stay: StayChoice = { propertyId, from, to, ...chosen }
  const property = useQuery(propertyQueryOptions(propertyId, language))
  // While an option's price is asked, the previous one stays on screen (marked as updating).
  const price = useQuery({ ...bookingPriceQueryOptions(stay), placeholderData: keepPreviousData })
  const updating = price.isPlaceholderData || price.isFetching
  const choose = (name: OptionName, checked: boolean) =>
    setChosen((previous) => ({ ...previous, [name]: checked }))
  // Why the checkout cannot go on; with the property known, the way back is to it, to choose other dates.
  const missing = (knownId?: string) => (
    <NoStay
      message={<Trans>This property does not exist or is no longer offered.</Trans>}
      propertyId={knownId}
    />
  )
  const refused = (error: unknown, knownId?: string) => (
    <NoStay message={i18n._(refusalMessage(error))} propertyId={knownId} />
  )

  return (
    <QueryState
      query={property}
      skeleton={<CheckoutSkeleton />}
      offline={<CheckoutNeedsConnection />}
      notFound={missing()}
      error={({ error }) => refused(error)}
    >
      {(found) => (
        <QueryState
          query={price}
          skeleton={<CheckoutSkeleton />}
          offline={<CheckoutNeedsConnection />}
          // The price of a property no longer offered is a 404 too.
          notFound={missing(propertyId)}
          error={({ error }) => refused(error, propertyId)}
        >
          {(quote) => (
            <Screen title={<Trans>Checkout</Trans>}>
              <NeedsConnection title={<Trans>Booking and paying need a connection.</Trans>} />
              <Grid gap="xl">
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <Stack gap="lg">
                    <StaySummary property={found} from={from} to={to} />
                    <StayOptions quote={quote} chosen={chosen} onChoose={choose} />
                    <CheckoutForm
                      key={user ? 'renter' : 'guest'}
                      asGuest={!user}
                      stay={stay}
                      propertyName={found.name}
                      quote={quote}
                      updating={updating}
                      onPriceChanged={() => price.refetch()}
                    />
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }} order={{ base: -1, md: 0 }}>
                  <PriceBreakdown quote={quote} updating={updating} />
                </Grid.Col>
              </Grid>
            </Screen>
          )}
        </QueryState>
      )}
    </QueryState>
  )
}

export function CheckoutPage() {
  const params = useSearch({ from: '/checkout' })
  const user = useSessionUser()
  if (params.booked) {
    if (!user) return <GuestConfirmation paid={Boolean(params.paid)} />
    // Paid online: the same words as a card payment's return.
    if (params.paid) return <PaymentReceived bookingId={params.booked} />
    return <Confirmation bookingId={params.booked} user={user} />
  }
  if (params.property && params.datesInvalid) {
    return (
      <NoStay
        message={<Trans>These dates do not make a stay. Choose a start date and a later end date.</Trans>}
        propertyId={params.property}
      />
    )
  }
  if (!params.property || !params.from || !params.to) {
    return (
      <NoStay
        message={<Trans>No stay was chosen. Pick a property and your dates first.</Trans>}
        propertyId={params.property}
      />
    )
  }
  return <Checkout propertyId={params.property} from={params.from} to={params.to} />
}
