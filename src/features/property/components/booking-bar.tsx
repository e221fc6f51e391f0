// The property's price and Book, pinned to the bottom of a phone's screen (below MOBILE_BREAKPOINT_PX, where
// the booking panel sits far down the page, docs/product.md §10). The page is padded by the bar's height so
// the bar hides none of it, the footer's last links included. Wider screens keep the booking panel in view.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button, Portal, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import type { Property } from '@/contract/catalog'
import { rentalDays, rentalPrice } from '@/domain/price'
import { isBookable } from '@/domain/search-rules'
import { useMoney } from '@/entities/currency/money'
import { PER_TERM_LABELS } from '@/entities/property/property-labels'
import { CALL_TO_ACTION } from '@/ui/brand'

import classes from './booking-bar.module.css'

export interface Stay {
  from: string
  to: string
}

/** The price per term, and the stay's nights and total once dates are chosen. */
export function useStayQuote(property: Property, stay: Stay | null) {
  const { i18n } = useLingui()
  const money = useMoney()
  return {
    price: money(property.price),
    per: i18n._(PER_TERM_LABELS[property.rentalTerm]),
    nights: stay ? rentalDays(stay.from, stay.to) : 0,
    total: stay ? money(rentalPrice(property, stay)) : null,
  }
}

export interface BookingBarProps {
  property: Property
  stay: Stay | null
  /** The dates chosen take a booked night: the bar says so, and offers to change them. */
  datesBooked?: boolean
  /** Book without dates: take the renter to the dates of the booking panel. */
  onChooseDates: () => void
}

export function BookingBar({ property, stay, datesBooked = false, onChooseDates }: BookingBarProps) {
  const { t } = useLingui()
  const { price, per, nights, total } = useStayQuote(property, stay)
  return (
    // At the body's top level: a landmark of its own, outside the page's main one.
    <Portal>
      <aside
        className={classes.bar}
        aria-label={t`Book this property`}
        data-bottom-bar
        data-testid="booking-bar"
      >
        <div className={classes.price}>
          {datesBooked && isBookable(property) ? (
            <Text fw={700} size="sm" c="red.8" data-testid="booking-bar-booked">
              <Trans>These dates are booked.</Trans>
            </Text>
          ) : total ? (
            <>
              <Text fw={800} fz="lg" c="petrol.8" data-testid="booking-bar-total">
                {total}
              </Text>
              <Text size="sm" c="dimmed">
                <Plural value={nights} one="# night" other="# nights" />
              </Text>
            </>
          ) : (
            <Text fw={800} fz="lg" c="petrol.8">
              <Trans>
                {price}{' '}
                <Text span fz="sm" c="dimmed" fw={500}>
                  / {per}
                </Text>
              </Trans>
            </Text>
          )}
        </div>
        {!isBookable(property) ? (
          <Text size="sm" fw={600} c="dimmed">
            {property.soldOut ? <Trans>Sold out</Trans> : <Trans>Unavailable</Trans>}
          </Text>
        ) : datesBooked ? (
          <Button size="md" variant="light" onClick={onChooseDates}>
            <Trans>Other dates</Trans>
          </Button>
        ) : stay ? (
          <Button
            size="md"
            {...CALL_TO_ACTION}
            renderRoot={(props) => (
              <Link
                to="/checkout"
                search={{ property: property._id, from: stay.from, to: stay.to }}
                {...props}
              />
            )}
          >
            <Trans>Book</Trans>
          </Button>
        ) : (
          <Button size="md" {...CALL_TO_ACTION} onClick={onChooseDates}>
            <Trans>Book</Trans>
          </Button>
        )}
      </aside>
    </Portal>
  )
}
