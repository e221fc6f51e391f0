// The search results on a map: a pin for each property of the pages loaded so far, with its price on it (the
// stay's with dates, else the price per rental term), as the cards show it. Its own chunk, loaded when the
// visitor switches to the map, and MapLibre itself only once the map is drawn (lazy-map.tsx).
import { useLingui } from '@lingui/react/macro'

import type { PropertySummary } from '@/contract/catalog'
import { rentalPrice } from '@/domain/price'
import { isBookable } from '@/domain/search-rules'
import { useMoney } from '@/entities/currency/money'
import { LazyMap } from '@/entities/map/lazy-map'
import { type MapMarker, propertyMarker } from '@/entities/map/markers'
import { PER_TERM_LABELS } from '@/entities/property/property-labels'

export interface ResultsMapProps {
  properties: PropertySummary[]
  /** The dates searched for: each pin then shows the price of the whole stay. */
  stay?: { from: string; to: string }
  height: number | string
}

export function ResultsMap({ properties, stay, height }: ResultsMapProps) {
  const { t, i18n } = useLingui()
  // Prices are in the base currency: shown converted to the visitor's currency.
  const money = useMoney()
  const priceOf = (property: PropertySummary) => {
    // As on its card, a stay is priced only where it can be booked; the others keep their price per term.
    if (stay && isBookable(property)) return money(rentalPrice(property, stay))
    const price = money(property.price)
    const term = i18n._(PER_TERM_LABELS[property.rentalTerm])
    return t({ message: `${price} / ${term}`, comment: 'A map pin: a price per rental term ($120 / day).' })
  }
  const markers = properties.flatMap((property) => {
    const marker = propertyMarker(property, property.location.name)
    return marker ? [{ ...marker, label: priceOf(property) } satisfies MapMarker] : []
  })
  return <LazyMap markers={markers} height={height} label={t`Map of the results`} />
}
