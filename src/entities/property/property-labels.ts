// How docs/product.md §5's vocabularies read on screen, in display order. Module-level, so `msg` (translated
// at render).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

import type { PropertyType, RentalTerm } from '@/domain/enums'

export const PROPERTY_TYPE_LABELS: Record<PropertyType, MessageDescriptor> = {
  HOUSE: msg`House`,
  APARTMENT: msg`Apartment`,
  PLOT: msg`Plot`,
  FARM: msg`Farm`,
  COMMERCIAL: msg`Commercial`,
  INDUSTRIAL: msg`Industrial`,
  TOWNHOUSE: msg`Townhouse`,
}

export const RENTAL_TERM_LABELS: Record<RentalTerm, MessageDescriptor> = {
  MONTHLY: msg`Monthly`,
  WEEKLY: msg`Weekly`,
  DAILY: msg`Daily`,
  YEARLY: msg`Yearly`,
}

/** The unit a price is quoted per, after the amount: "$1,200 / month". */
export const PER_TERM_LABELS: Record<RentalTerm, MessageDescriptor> = {
  MONTHLY: msg({ message: 'month', context: 'price per' }),
  WEEKLY: msg({ message: 'week', context: 'price per' }),
  DAILY: msg({ message: 'day', context: 'price per' }),
  YEARLY: msg({ message: 'year', context: 'price per' }),
}
