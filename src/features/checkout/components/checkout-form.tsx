// The form that books: a signed-in renter's (Terms, payment) or a guest's (their details too), then the
// provider's step when the renter pays online.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack } from '@mantine/core'

import type { BookingPrice } from '@/contract/bookings'
import { guestSchema, renterCheckoutSchema } from '@/contract/guest'
import { FIELD_ERRORS } from '@/domain/auth-messages'
import { MINIMUM_AGE } from '@/domain/constants'
import { isAtLeast, isCalendarDate } from '@/domain/input-rules'
import { CALL_TO_ACTION } from '@/ui/brand'
import { FormAlert, useSchemaForm } from '@/ui/form'
import { TermsCheckbox } from '@/ui/terms-checkbox'

import type { StayChoice } from '../api'
import { type CheckoutValues, type Payment, useCheckoutSubmit } from '../use-checkout-submit'
import { GuestDetails } from './guest-details'
import { OnlinePayment } from './online-payment'
import { PaymentChoice } from './payment-choice'

const noPayment = msg`This stay cannot be booked here at the moment: the agency takes no payment Haven offers.`

export function CheckoutForm({
  stay,
  propertyName,
  quote,
  updating,
  onPriceChanged,
  asGuest,
}: {
  stay: StayChoice
  /** Named to the payment provider as what is paid for. */
  propertyName: string
  quote: BookingPrice
  /** The server's price is being asked again: booking waits for it. */
  updating: boolean
  onPriceChanged: () => Promise<unknown>
  asGuest: boolean
}) {
  const { t } = useLingui()
  const minimumAge = Math.max(MINIMUM_AGE, quote.minimumAge)
  // Pay later first when the agency allows it: nothing to pay now is what most renters pick.
  const payments = [...quote.paymentMethods].sort(
    (a, b) => Number(b === 'payLater') - Number(a === 'payLater'),
  )
  const form = useSchemaForm<CheckoutValues>(
    asGuest ? guestSchema : renterCheckoutSchema,
    {
      fullName: '',
      email: '',
      phone: '',
      birthDate: '',
      acceptTerms: false,
      payment: (payments[0] ?? 'payLater') as Payment,
    },
    // The property may ask more than 21 years (docs/product.md §12): checked here before the server does.
    (values) =>
      asGuest &&
      isCalendarDate(values.birthDate) &&
      isAtLeast(values.birthDate, MINIMUM_AGE) &&
      !isAtLeast(values.birthDate, minimumAge)
        ? { birthDate: FIELD_ERRORS.tooYoung }
        : {},
  )
  const booking = useCheckoutSubmit({ form, stay, quote, asGuest, minimumAge, onPriceChanged })
  const { held } = booking
  const labels = {
    fullName: t`Full name`,
    email: t`E-mail`,
    phone: t`Phone`,
    birthDate: t`Birth date`,
    acceptTerms: t`Terms of Use`,
    payment: t`Payment`,
  }
  const tooYoung = t`You must be at least ${minimumAge} years old.`

  // Any method the quote offers books the stay: pay later, a card, PayPal (an agency may allow only some).
  const canPay = quote.paymentMethods.length > 0
  const methodChosen = quote.paymentMethods.includes(form.values.payment)
  return (
    <form onSubmit={booking.submit} noValidate>
      <Stack gap="md">
        {asGuest ? (
          <GuestDetails
            form={form}
            labels={labels}
            emailTaken={booking.emailTaken}
            onEmailBlur={() => void booking.checkEmail()}
            birthDateError={
              form.errors.birthDate === FIELD_ERRORS.tooYoung && minimumAge > MINIMUM_AGE
                ? tooYoung
                : undefined
            }
          />
        ) : null}
        <fieldset disabled={held !== null} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <PaymentChoice quote={quote} form={form} />
            <TermsCheckbox form={form} />
          </Stack>
        </fieldset>
        <FormAlert form={form} labels={labels} message={booking.message} />
        {canPay ? null : (
          <Alert color="gray" variant="light">
            {t(noPayment)}
          </Alert>
        )}
        {held?.payment ? (
          <OnlinePayment
            booking={held}
            propertyName={propertyName}
            stay={stay}
            onPaid={() => booking.paid(held.bookingId)}
            onFailed={booking.paymentFailed}
            onChooseAnother={booking.chooseAnotherPayment}
          />
        ) : (
          <Button
            type="submit"
            size="md"
            {...CALL_TO_ACTION}
            loading={form.submitting}
            disabled={updating || !canPay || !methodChosen}
          >
            <Trans>Book</Trans>
          </Button>
        )}
      </Stack>
    </form>
  )
}
