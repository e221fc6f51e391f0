// The booking's receipt, for paper (docs/product.md §12): the booking number, the property and its agency, the
// stay's days, the price breakdown, and what was paid, when and how, in the interface language. Amounts are
// in the currency charged, never converted: a receipt states what was charged, and what is given back. The booking page's 'Print
// receipt' prints it alone (./receipt.module.css).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'

import type { BookingDetail } from '@/contract/bookings'
import { BOOKING_STATUS_NAMES } from '@/domain/booking-status'
import type { PaymentProvider } from '@/domain/enums'
import { formatMoney } from '@/domain/money'
import { useLanguage } from '@/i18n/language'
import { formatDay, formatFullDay, formatMoment } from '@/lib/day'
import { APP_NAME } from '@/ui/brand'

import { REFUND_STATUS_LABELS } from './labels'
import classes from './receipt.module.css'

const METHOD_LABELS: Record<PaymentProvider | 'payLater', MessageDescriptor> = {
  stripe: msg`Card`,
  payPal: msg`PayPal`,
  payLater: msg`Pay later`,
}

/** How it was or will be paid: the provider, or paying later while nothing was paid online. */
function methodOf(booking: BookingDetail): keyof typeof METHOD_LABELS | null {
  if (booking.paymentProvider) return booking.paymentProvider
  return booking.status === 'PENDING' || booking.status === 'RESERVED' ? 'payLater' : null
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}

export function Receipt({ booking }: { booking: BookingDetail }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const amount = (value: number) => formatMoney(value, booking.currency, language)
  const { breakdown, property, agency } = booking
  const method = methodOf(booking)
  const currency = booking.currency
  return (
    <section className={classes.receipt} data-testid="booking-receipt" aria-labelledby="receipt-title">
      <h1 id="receipt-title">
        <Trans>Receipt</Trans>
      </h1>
      <p>{APP_NAME}</p>
      <dl>
        <Row label={<Trans>Booking number</Trans>}>{booking._id}</Row>
        <Row label={<Trans>Status</Trans>}>{BOOKING_STATUS_NAMES[booking.status][language]}</Row>
        <Row label={<Trans>Booked on</Trans>}>{formatDay(booking.createdAt, language)}</Row>
        <Row label={<Trans>Property</Trans>}>
          {property.name}, {property.address ?? property.location}
        </Row>
        <Row label={<Trans>Agency</Trans>}>
          {agency.name}, {agency.email}
        </Row>
        <Row label={<Trans>Check-in</Trans>}>{formatFullDay(booking.from, language)}</Row>
        <Row label={<Trans>Check-out</Trans>}>{formatFullDay(booking.to, language)}</Row>
      </dl>
      <h2>
        <Trans>Price</Trans>
      </h2>
      <table>
        <tbody>
          <tr>
            <td>
              <Plural value={breakdown.days} one="Rental, # night" other="Rental, # nights" />
            </td>
            <td>{amount(breakdown.rental)}</td>
          </tr>
          {breakdown.cancellationFee > 0 ? (
            <tr>
              <td>
                <Trans>Cancellation</Trans>
              </td>
              <td>{amount(breakdown.cancellationFee)}</td>
            </tr>
          ) : null}
          {breakdown.amendmentsFee > 0 ? (
            <tr>
              <td>
                <Trans>Amendments</Trans>
              </td>
              <td>{amount(breakdown.amendmentsFee)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <td>
              <Trans>Total</Trans>
            </td>
            <td>{amount(booking.price)}</td>
          </tr>
        </tfoot>
      </table>
      <h2>
        <Trans>Payment</Trans>
      </h2>
      <dl data-testid="receipt-payment">
        {method ? <Row label={<Trans>Method</Trans>}>{i18n._(METHOD_LABELS[method])}</Row> : null}
        {booking.paidAt ? (
          <Row label={<Trans>Paid on</Trans>}>{formatMoment(booking.paidAt, language)}</Row>
        ) : null}
        {booking.status === 'PAID' ? (
          <Row label={<Trans>Amount paid</Trans>}>{amount(booking.price)}</Row>
        ) : null}
        {booking.status === 'PENDING' || booking.status === 'RESERVED' ? (
          <Row label={<Trans>Amount to pay</Trans>}>{amount(booking.price)}</Row>
        ) : null}
        {booking.refundStatus ? (
          <Row label={<Trans>Refund</Trans>}>
            {i18n._(
              booking.refundStatus === 'failed'
                ? msg`Refund failed, asked for again`
                : REFUND_STATUS_LABELS[booking.refundStatus],
            )}
          </Row>
        ) : null}
        {booking.refundStatus === 'refunded' ? (
          <Row label={<Trans>Amount refunded</Trans>}>{amount(booking.price)}</Row>
        ) : null}
      </dl>
      {booking.status === 'DEPOSIT' ? (
        <p>
          <Trans>A deposit was paid: the agency will tell you what remains to pay.</Trans>
        </p>
      ) : null}
      <p>
        <Trans>Amounts in {currency}, the currency charged.</Trans>
      </p>
    </section>
  )
}

/** 'Print receipt', and the receipt itself, outside the app's tree so that it prints alone. */
export function PrintReceipt({ booking }: { booking: BookingDetail }) {
  return (
    <>
      <Button variant="default" w="fit-content" onClick={() => window.print()}>
        <Trans>Print receipt</Trans>
      </Button>
      {createPortal(<Receipt booking={booking} />, document.body)}
    </>
  )
}
