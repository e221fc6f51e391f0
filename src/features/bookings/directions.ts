// Where the "Directions" link of a booking goes: a geo: URI on a phone, which opens the phone's own maps app
// (RFC 5870, with Android's `q` for a labelled pin or an address), OpenStreetMap in a new tab elsewhere.

/** A touch screen or a narrow one: a device likely to have a maps app that takes geo: links. */
export const PHONE_MEDIA_QUERY = '(pointer: coarse), (max-width: 47.99em)'

/** Decided when the link renders (no listener: a device does not become a phone while a page is open). */
export function onPhone(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_MEDIA_QUERY).matches
    : false
}

export interface Place {
  name: string
  address: string | null
  latitude: number | null
  longitude: number | null
}

/** The link, or null when there is neither coordinates nor an address to look for. */
export function directionsHref(place: Place, phone: boolean): string | null {
  const { latitude, longitude } = place
  if (latitude !== null && longitude !== null) {
    const point = `${latitude},${longitude}`
    return phone
      ? `geo:${point}?q=${point}(${encodeURIComponent(place.name)})`
      : `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`
  }
  if (!place.address) return null
  const address = encodeURIComponent(place.address)
  return phone ? `geo:0,0?q=${address}` : `https://www.openstreetmap.org/search?query=${address}`
}
