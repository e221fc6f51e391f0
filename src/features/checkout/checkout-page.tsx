// Checkout (/checkout?property=&from=&to=, docs/product.md §12): the stay, its options and the server's price
// for them, the Terms of Use and how to pay; a signed-in renter books as themselves, a visitor as a guest.
// The price shown is always the server's (asked again when an option changes) and is sent back with the
// checkout, which one operation id keeps to one booking however often it is sent.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Divider,
  Grid,
  Group,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouterState, useSearch } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useState } from 'react'

import { FIELD_ERRORS, isFieldErrorCode } from '@/domain/auth-messages'
import type { BookingPrice, CheckoutRequest, CheckoutResponse } from '@/domain/booking'
import type { Property } from '@/domain/catalog'
import { BASE_CURRENCY, FREE_CANCELLATION_HOURS, MINIMUM_AGE, PROPERTY_IMAGE } from '@/domain/constants'
import { API_ERROR_CODES } from '@/domain/error-codes'
import { guestSchema, renterCheckoutSchema } from '@/domain/guest'
import { isAtLeast, isCalendarDate } from '@/domain/input-rules'
import { formatMoney } from '@/domain/money'
import { useLanguage } from '@/i18n/language'
import { errorMessage, fieldMessages } from '@/lib/account-messages'
import { ApiError } from '@/lib/api-client'
import { CALL_TO_ACTION } from '@/lib/brand'
import { formatDay, formatTime } from '@/lib/day'
import { BirthDateInput } from '@/lib/day-input'
import { type AppForm, FormAlert, showFieldErrors, useSchemaForm } from '@/lib/form'
import { useMoney } from '@/lib/money'
import { isRecaptchaFailure, recaptchaMessages, useRecaptchaToken } from '@/lib/recaptcha'
import { Screen } from '@/lib/screen'
import { type SessionUser, useSessionUser } from '@/lib/session'
import { NeedsConnection, useUnavailableOffline } from '@/offline/read-state'

import { refreshAfterBookingChange } from '@/features/bookings/api'
import { propertyQueryOptions } from '@/features/catalog/api'

import {
  bookingPriceQueryOptions,
  checkout,
  emailAvailable,
  rememberCheckout,
  takeUpGuestSession,
  type StayChoice,
} from './api'
import { PaymentReceived } from './components/payment-received'

// Each provider's SDK wrapper is its own chunk, loaded only once the renter has chosen it and booked.
const StripePayment = lazy(() => import('./components/stripe-payment'))
const PayPalPayment = lazy(() => import('./components/paypal-payment'))

type Payment = CheckoutRequest['payment']
type OptionName = 'cancellation' | 'amendments'

const checkoutMessages = {
  paymentFailed: msg`Payment failed.`,
  noPayment: msg`This stay cannot be booked here at the moment: the agency takes no payment Haven offers.`,
} satisfies Record<string, MessageDescriptor>

/** The meaning of a refused price or checkout: the code of its first field, else its `error` code. */
function refusalMessage(error: unknown): MessageDescriptor {
  if (error instanceof ApiError && error.fields) {
    const code = Object.values(error.fields).find(isFieldErrorCode)
    if (code && code !== FIELD_ERRORS.invalid) return fieldMessages[code]
  }
  return errorMessage(error)
}

/** A 400 on a guest's details names its fields `guest.email`; the form's fields are `email`. */
function withoutGuestPrefix(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, code]) => [field.replace(/^guest\./, ''), code]),
  )
  return new ApiError(error.status, error.code, error.message, fields)
}

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

function StaySummary({ property, from, to }: { property: Property; from: string; to: string }) {
  const language = useLanguage()
  const start = formatDay(from, language)
  const end = formatDay(to, language)
  return (
    <Card withBorder radius="lg" padding="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <img
          src={property.image}
          alt=""
          width={PROPERTY_IMAGE.width / 2}
          height={PROPERTY_IMAGE.height / 2}
          style={{ borderRadius: 12, objectFit: 'cover', flexShrink: 0 }}
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor
            fw={700}
            renderRoot={(props) => <Link to="/property" search={{ id: property._id, from, to }} {...props} />}
          >
            {property.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {property.address ?? property.location.name}
          </Text>
          <Text size="sm" data-testid="checkout-dates">
            <Trans>
              From {start} to {end}
            </Trans>
          </Text>
        </Stack>
      </Group>
    </Card>
  )
}

// Each option's words of its own: in French what is said of an option agrees with its name ("Annulation :
// incluse", "Modifications : incluses").
const OPTION_MESSAGES: Record<OptionName, Record<'label' | 'included' | 'notOffered', MessageDescriptor>> = {
  cancellation: {
    label: msg`Cancellation`,
    included: msg`Cancellation: included`,
    notOffered: msg({ context: 'cancellation', message: 'Not offered' }),
  },
  amendments: {
    label: msg`Amendments`,
    included: msg`Amendments: included`,
    notOffered: msg({ context: 'amendments', message: 'Not offered' }),
  },
}

function OptionChoice({
  option,
  policy,
  fee,
  checked,
  onChange,
}: {
  option: OptionName
  policy: BookingPrice['options'][OptionName]
  fee: number
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const { i18n } = useLingui()
  const money = useMoney()
  const messages = OPTION_MESSAGES[option]
  const label = i18n._(messages.label)
  if (policy === 'unavailable') {
    return (
      <Group gap="xs">
        <Text size="sm">{label}</Text>
        <Text size="sm" c="dimmed">
          {i18n._(messages.notOffered)}
        </Text>
      </Group>
    )
  }
  if (policy === 'included') {
    return <Checkbox checked disabled label={i18n._(messages.included)} />
  }
  const extra = money(fee)
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      label={
        <Trans>
          {label}: {extra} extra
        </Trans>
      }
    />
  )
}

function PriceBreakdown({ quote, updating }: { quote: BookingPrice; updating: boolean }) {
  const money = useMoney()
  const language = useLanguage()
  const { breakdown } = quote
  const charged = formatMoney(breakdown.total, BASE_CURRENCY, language)
  const total = money(breakdown.total)
  return (
    <Card withBorder radius="lg" padding="lg" shadow="sm" aria-busy={updating}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          <Trans>Price</Trans>
        </Title>
        <Group justify="space-between">
          <Text>
            <Plural value={breakdown.days} one="Rental, # night" other="Rental, # nights" />
          </Text>
          <Text>{money(breakdown.rental)}</Text>
        </Group>
        {breakdown.cancellationFee > 0 ? (
          <Group justify="space-between">
            <Text>
              <Trans>Cancellation</Trans>
            </Text>
            <Text>{money(breakdown.cancellationFee)}</Text>
          </Group>
        ) : null}
        {breakdown.amendmentsFee > 0 ? (
          <Group justify="space-between">
            <Text>
              <Trans>Amendments</Trans>
            </Text>
            <Text>{money(breakdown.amendmentsFee)}</Text>
          </Group>
        ) : null}
        <Divider />
        <Group justify="space-between" aria-live="polite">
          <Text fw={700}>
            <Trans>Total</Trans>
          </Text>
          <Text fw={800} fz="xl" c="petrol.8" data-testid="checkout-total">
            {updating ? <Skeleton height={24} width={90} /> : total}
          </Text>
        </Group>
        {total !== charged ? (
          <Text size="xs" c="dimmed">
            <Trans>You are charged {charged}, in US dollars.</Trans>
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}

function PaymentChoice<Values>({ quote, form }: { quote: BookingPrice; form: AppForm<Values> }) {
  const { t } = useLingui()
  const payLater = quote.paymentMethods.includes('payLater')
  const online = quote.paymentMethods.filter((method) => method !== 'payLater')
  return (
    <Stack gap="xs">
      <Radio.Group label={t`Payment`} {...form.getInputProps('payment')}>
        <Stack gap="xs" mt="xs">
          {payLater ? (
            <Radio
              value="payLater"
              label={t`Pay later`}
              description={t`Nothing to pay now: the agency tells you how to pay before your stay.`}
            />
          ) : null}
          {online.map((method) => (
            <Radio
              key={method}
              value={method}
              label={method === 'stripe' ? t`Pay now by card` : t`Pay now with PayPal`}
              description={
                method === 'stripe'
                  ? t`On Stripe's secure form, without leaving Haven.`
                  : t`With your PayPal account; PayPal asks you to approve the payment.`
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {payLater ? null : (
        <Text size="sm" c="dimmed">
          <Trans>This agency does not allow paying later.</Trans>
        </Text>
      )}
    </Stack>
  )
}

function TermsCheckbox<Values>({ form }: { form: AppForm<Values> }) {
  const { t } = useLingui()
  return (
    <Checkbox
      {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
      aria-label={t`I accept the Terms of Use`}
      label={
        <Trans>
          I accept the{' '}
          <Anchor component={Link} to="/tos" target="_blank">
            Terms of Use
          </Anchor>
        </Trans>
      }
    />
  )
}

interface CheckoutFormProps {
  stay: StayChoice
  /** Named to the payment provider as what is paid for. */
  propertyName: string
  quote: BookingPrice
  /** The server's price is being asked again: booking waits for it. */
  updating: boolean
  onPriceChanged: () => Promise<unknown>
  /** `paid`: taken online now (PayPal); a card payment comes back through the Stripe return instead. */
  onBooked: (bookingId: string, paid: boolean) => Promise<void>
}

/** The form that books: a signed-in renter's (Terms, payment) or a guest's (their details too). */
function CheckoutForm({
  stay,
  propertyName,
  quote,
  updating,
  onPriceChanged,
  onBooked,
  asGuest,
}: CheckoutFormProps & { asGuest: boolean }) {
  const { t } = useLingui()
  const language = useLanguage()
  const queryClient = useQueryClient()
  const here = useRouterState({ select: (state) => state.location.href })
  // Sign-in comes back to this same checkout, with its dates and property.
  const signInHere = (props: Record<string, unknown>) => (
    <Link to="/sign-in" search={{ redirect: here }} {...props} />
  )
  // One id per checkout on this screen: sending it twice (a double click, a retry) makes one booking.
  const [operationId, setOperationId] = useState(() => crypto.randomUUID())
  // A booking held for an online payment: the provider's step shows under the form, which keeps its values.
  const [held, setHeld] = useState<CheckoutResponse | null>(null)
  const [message, setMessage] = useState<MessageDescriptor | null>(null)
  const [emailTaken, setEmailTaken] = useState(false)
  // A guest's checkout makes an account: reCAPTCHA as on sign-up (off unless configured, skipped on Safari).
  const recaptcha = useRecaptchaToken(asGuest)
  const minimumAge = Math.max(MINIMUM_AGE, quote.minimumAge)
  // Pay later first when the agency allows it: nothing to pay now is what most renters pick.
  const payments = [...quote.paymentMethods].sort(
    (a, b) => Number(b === 'payLater') - Number(a === 'payLater'),
  )
  const form = useSchemaForm(
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
  const labels = {
    fullName: t`Full name`,
    email: t`E-mail`,
    phone: t`Phone`,
    birthDate: t`Birth date`,
    acceptTerms: t`Terms of Use`,
    payment: t`Payment`,
  }
  const tooYoung = t`You must be at least ${minimumAge} years old.`

  const checkEmail = async () => {
    const email = form.values.email.trim()
    if (!email || form.errors.email) return
    try {
      const { available } = await emailAvailable(email)
      if (!available) {
        form.setFieldError('email', FIELD_ERRORS.emailTaken)
        setEmailTaken(true)
      } else setEmailTaken(false)
    } catch {
      // Only a hint: the checkout itself says it again if the address is taken.
    }
  }

  // The booking is made (pay later) or paid: the confirmation, with the guest's new session on this browser
  // (none when the server answered a replay it could not tie to this browser: the confirmation says so).
  const finish = async (bookingId: string, paid = false) => {
    await refreshAfterBookingChange(queryClient)
    await onBooked(bookingId, paid)
    if (asGuest) await takeUpGuestSession()
  }

  const chooseAnotherPayment = () => {
    // The held booking lapses by itself; the next Book is a new checkout.
    setHeld(null)
    setMessage(null)
    setOperationId(crypto.randomUUID())
  }

  const submit = form.onSubmit(async (values) => {
    setMessage(null)
    const { payment, acceptTerms: _accepted, ...guest } = values
    // A fresh token per submit: the provider takes each one once.
    let recaptchaToken: string | undefined
    try {
      if (recaptcha.enabled) recaptchaToken = await recaptcha.getToken('checkout')
    } catch (error) {
      setMessage(isRecaptchaFailure(error) ? recaptchaMessages.error : refusalMessage(error))
      return
    }
    try {
      const booked = await checkout({
        operationId,
        propertyId: stay.propertyId,
        from: stay.from,
        to: stay.to,
        cancellation: quote.cancellation,
        amendments: quote.amendments,
        price: quote.breakdown.total,
        payment,
        ...(asGuest ? { guest: { ...guest, acceptTerms: true, language } } : {}),
        ...(recaptchaToken ? { recaptchaToken } : {}),
      })
      if (booked.payment) {
        // Stripe's return is a full page load: the way back to this checkout is kept for a failed payment.
        if (booked.payment.provider === 'stripe') rememberCheckout(here)
        setHeld(booked)
        return
      }
      await finish(booked.bookingId)
    } catch (raw) {
      // Everything typed stays; the server's reasons go beside their fields or above the button.
      const error = withoutGuestPrefix(raw)
      if (error instanceof ApiError && error.code === API_ERROR_CODES.emailTaken) {
        form.setFieldError('email', FIELD_ERRORS.emailTaken)
        setEmailTaken(true)
        return
      }
      if (error instanceof ApiError && error.fields?.price) {
        await onPriceChanged()
        setMessage(fieldMessages.price_changed)
        return
      }
      if (error instanceof ApiError && error.fields?.birthDate === FIELD_ERRORS.tooYoung && !asGuest) {
        setMessage(msg`You must be at least ${minimumAge} years old.`)
        return
      }
      if (error instanceof ApiError && isRecaptchaFailure(error)) {
        setMessage(recaptchaMessages.error)
        return
      }
      if (showFieldErrors(form, error)) return
      setMessage(refusalMessage(error))
    }
  })

  const birthDateProps = form.getInputProps('birthDate')
  const emailProps = form.getInputProps('email')
  // Any method the quote offers books the stay: pay later, a card, PayPal (an agency may allow only some).
  const canPay = quote.paymentMethods.length > 0
  const methodChosen = quote.paymentMethods.includes(form.values.payment)
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {asGuest ? (
          <Stack gap="sm">
            <Title order={2} fz="h4">
              <Trans>Your details</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Book as a guest: we make your account and send you a link to activate it. Already have one?{' '}
                <Anchor renderRoot={signInHere}>Sign in</Anchor>
              </Trans>
            </Text>
            <TextInput
              label={labels.fullName}
              autoComplete="name"
              required
              {...form.getInputProps('fullName')}
            />
            <TextInput
              label={labels.email}
              type="email"
              autoComplete="email"
              required
              {...emailProps}
              onBlur={(event) => {
                emailProps.onBlur?.(event)
                void checkEmail()
              }}
            />
            {emailTaken ? (
              <Alert color="blue" variant="light" role="status">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    <Trans>This address has an account: sign in to book with it. You come back here.</Trans>
                  </Text>
                  <Button size="xs" renderRoot={signInHere}>
                    <Trans>Sign in</Trans>
                  </Button>
                </Stack>
              </Alert>
            ) : null}
            <TextInput
              label={labels.phone}
              type="tel"
              autoComplete="tel"
              required
              {...form.getInputProps('phone')}
            />
            <BirthDateInput
              label={labels.birthDate}
              required
              {...birthDateProps}
              error={
                form.errors.birthDate === FIELD_ERRORS.tooYoung && minimumAge > MINIMUM_AGE
                  ? tooYoung
                  : birthDateProps.error
              }
            />
          </Stack>
        ) : null}
        <fieldset disabled={held !== null} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <PaymentChoice quote={quote} form={form} />
            <TermsCheckbox form={form} />
          </Stack>
        </fieldset>
        <FormAlert form={form} labels={labels} message={message} />
        {canPay ? null : (
          <Alert color="gray" variant="light">
            {t(checkoutMessages.noPayment)}
          </Alert>
        )}
        {held?.payment ? (
          <OnlinePayment
            booking={held}
            propertyName={propertyName}
            onPaid={() => finish(held.bookingId, true)}
            onFailed={() => setMessage(checkoutMessages.paymentFailed)}
            onChooseAnother={chooseAnotherPayment}
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

/** The provider's step for a booking held until its payment: Stripe's form or PayPal's buttons. */
function OnlinePayment({
  booking,
  propertyName,
  onPaid,
  onFailed,
  onChooseAnother,
}: {
  booking: CheckoutResponse
  propertyName: string
  onPaid: () => Promise<void>
  onFailed: () => void
  onChooseAnother: () => void
}) {
  const language = useLanguage()
  const payment = booking.payment!
  const until = booking.expiresAt ? formatTime(booking.expiresAt, language) : null
  return (
    <Card withBorder radius="lg" padding="md" data-testid="online-payment">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          <Trans>Payment</Trans>
        </Title>
        {until ? (
          <Text size="sm" c="dimmed">
            <Trans>Your stay is held for you until {until} while you pay.</Trans>
          </Text>
        ) : null}
        <Suspense fallback={<Skeleton height={44} radius="md" />}>
          {payment.provider === 'stripe' ? (
            <StripePayment
              publishableKey={payment.publishableKey}
              clientSecret={payment.clientSecret}
              scriptUrl={payment.scriptUrl}
            />
          ) : (
            <PayPalPayment
              clientId={payment.clientId}
              scriptUrl={payment.scriptUrl}
              bookingId={booking.bookingId}
              amount={booking.price}
              currency={booking.currency}
              name={propertyName}
              onPaid={() => void onPaid()}
              onFailed={onFailed}
            />
          )}
        </Suspense>
        <Button variant="subtle" w="fit-content" onClick={onChooseAnother}>
          <Trans>Choose another way to pay</Trans>
        </Button>
      </Stack>
    </Card>
  )
}

/** After a checkout: the confirmation e-mail went to the renter (a guest's new account, now signed in here). */
function Confirmation({ bookingId, user }: { bookingId: string; user: SessionUser }) {
  const email = user.email
  return (
    <Screen size="sm" title={<Trans>Booking confirmed</Trans>}>
      <Alert color="green" variant="light" role="status">
        <Trans>Thank you! We sent a confirmation e-mail to {email}, with a link to your booking.</Trans>
      </Alert>
      {user.activated === false ? (
        <Text>
          <Trans>We also sent you a link to activate your account and choose a password.</Trans>
        </Text>
      ) : null}
      <Button
        w="fit-content"
        renderRoot={(props) => <Link to="/booking" search={{ id: bookingId }} {...props} />}
      >
        <Trans>See my booking</Trans>
      </Button>
    </Screen>
  )
}

/**
 * After a guest's checkout that left no session here (the server signs in only the browser that made the
 * checkout): the booking stands, and the account's activation link is how the guest gets to it.
 */
function GuestConfirmation() {
  return (
    <Screen size="sm" title={<Trans>Booking confirmed</Trans>}>
      <Alert color="green" variant="light" role="status">
        <Trans>
          Thank you! We sent you an e-mail about your booking, with a link to activate your account.
        </Trans>
      </Alert>
      <Text>
        <Trans>Open that link to choose a password: you can then see your booking in Haven.</Trans>
      </Text>
    </Screen>
  )
}

function Checkout({ propertyId, from, to }: { propertyId: string; from: string; to: string }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const user = useSessionUser()
  const navigate = useNavigate({ from: '/checkout' })
  const [chosen, setChosen] = useState({ cancellation: false, amendments: false })
  const stay: StayChoice = { propertyId, from, to, ...chosen }
  const property = useQuery(propertyQueryOptions(propertyId, language))
  // While an option's price is asked, the previous one stays on screen (marked as updating).
  const price = useQuery({ ...bookingPriceQueryOptions(stay), placeholderData: keepPreviousData })
  const propertyUnavailable = useUnavailableOffline(property)
  const priceUnavailable = useUnavailableOffline(price)

  if (propertyUnavailable || priceUnavailable) {
    return (
      <Screen size="md" title={<Trans>Checkout</Trans>}>
        <NeedsConnection title={<Trans>Booking needs a connection.</Trans>} />
        <Button variant="light" w="fit-content" renderRoot={(props) => <Link to="/search" {...props} />}>
          <Trans>Search properties</Trans>
        </Button>
      </Screen>
    )
  }
  if (property.isError || (price.isError && !price.data)) {
    const missing = property.error instanceof ApiError && property.error.status === 404
    return (
      <NoStay
        message={
          missing ? (
            <Trans>This property does not exist or is no longer offered.</Trans>
          ) : (
            i18n._(refusalMessage(property.error ?? price.error))
          )
        }
        // The stay was refused (its dates, an option): the property is still there to choose again.
        propertyId={property.data ? propertyId : undefined}
      />
    )
  }
  if (!property.data || !price.data) return <CheckoutSkeleton />

  const quote = price.data
  const updating = price.isPlaceholderData || price.isFetching
  const choose = (name: OptionName) => (checked: boolean) =>
    setChosen((previous) => ({ ...previous, [name]: checked }))
  return (
    <Screen title={<Trans>Checkout</Trans>}>
      <NeedsConnection title={<Trans>Booking and paying need a connection.</Trans>} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <StaySummary property={property.data} from={from} to={to} />
            <Stack gap="xs">
              <Title order={2} fz="h4">
                <Trans>Options</Trans>
              </Title>
              <OptionChoice
                option="cancellation"
                policy={quote.options.cancellation}
                fee={quote.option.cancellation}
                checked={chosen.cancellation}
                onChange={choose('cancellation')}
              />
              <OptionChoice
                option="amendments"
                policy={quote.options.amendments}
                fee={quote.option.amendments}
                checked={chosen.amendments}
                onChange={choose('amendments')}
              />
              {/* Only with the cancellation option (taken, or included): without it there is nothing to refund. */}
              {quote.cancellation ? (
                <Text size="xs" c="dimmed" data-testid="refund-terms">
                  <Trans>
                    A full refund may apply if cancelled {FREE_CANCELLATION_HOURS} hours before the rental
                    date.
                  </Trans>
                </Text>
              ) : null}
            </Stack>
            <CheckoutForm
              key={user ? 'renter' : 'guest'}
              asGuest={!user}
              stay={stay}
              propertyName={property.data.name}
              quote={quote}
              updating={updating}
              onPriceChanged={() => price.refetch()}
              onBooked={(bookingId, paid) =>
                navigate({
                  search: (previous) => ({ ...previous, booked: bookingId, ...(paid ? { paid: true } : {}) }),
                  replace: true,
                })
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: -1, md: 0 }}>
          <PriceBreakdown quote={quote} updating={updating} />
        </Grid.Col>
      </Grid>
    </Screen>
  )
}

export function CheckoutPage() {
  const params = useSearch({ from: '/checkout' })
  const user = useSessionUser()
  if (params.booked) {
    if (!user) return <GuestConfirmation />
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
