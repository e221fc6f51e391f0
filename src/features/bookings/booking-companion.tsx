// What a renter needs on the way and at the door, from the booking's saved copy, offline too: the stay's
// days, the address with directions and the area's map, the agency's contact, and the stay as a calendar
// file made on the device.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core'

import type { BookingDetail } from '@/contract/bookings'
import { LazyMap } from '@/entities/map/lazy-map'
import { propertyMarker } from '@/entities/map/markers'
import { useLanguage } from '@/i18n/language'
import { formatFullDay } from '@/lib/day'
import { Columns } from '@/ui/columns'
import { Fact } from '@/ui/fact'

import { bookingUid, calendarFile, calendarFileName } from './calendar-file'
import { directionsHref, onPhone } from './directions'

/** The address to show and to look for: the street address, else the property's town. */
const addressOf = (booking: BookingDetail) => booking.property.address ?? booking.property.location

function Directions({ booking }: { booking: BookingDetail }) {
  const { property } = booking
  const href = directionsHref({ ...property, address: addressOf(booking) }, onPhone())
  if (!href) return null
  // A geo: link hands over to the phone's maps app; a web map opens beside the booking.
  const web = href.startsWith('https:')
  return (
    <Anchor
      href={href}
      data-testid="booking-directions"
      fw={600}
      {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <Trans>Directions</Trans>
    </Anchor>
  )
}

function AddToCalendar({ booking }: { booking: BookingDetail }) {
  const { t } = useLingui()
  const language = useLanguage()
  const download = () => {
    const { agency, property } = booking
    const { name: agencyName, email, phone } = agency
    const propertyName = property.name
    const contact = [t`Agency: ${agencyName}`, t`E-mail: ${email}`, ...(phone ? [t`Phone: ${phone}`] : [])]
    const checkIn = formatFullDay(booking.from, language)
    const checkOut = formatFullDay(booking.to, language)
    const file = calendarFile({
      uid: bookingUid(booking._id, window.location.host),
      stamp: new Date(),
      start: booking.from,
      end: booking.to,
      summary: t`Stay at ${propertyName}`,
      location: addressOf(booking),
      description: [t`Check-in: ${checkIn}`, t`Check-out: ${checkOut}`, ...contact].join('\n'),
      url: new URL(`/booking?id=${encodeURIComponent(booking._id)}`, window.location.origin).href,
      geo:
        property.latitude !== null && property.longitude !== null
          ? { latitude: property.latitude, longitude: property.longitude }
          : null,
    })
    const url = URL.createObjectURL(new Blob([file], { type: 'text/calendar;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = calendarFileName(booking._id)
    document.body.append(link)
    link.click()
    link.remove()
    // The browser has taken the file once the click is handled; the next task may let it go.
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
  return (
    <Button variant="light" w="fit-content" onClick={download} data-testid="add-to-calendar">
      <Trans>Add to calendar</Trans>
    </Button>
  )
}

/** Check-in and check-out with their weekdays, the nights, the address with directions, the map. */
export function YourStay({ booking }: { booking: BookingDetail }) {
  const { t } = useLingui()
  const language = useLanguage()
  const { property } = booking
  const checkIn = formatFullDay(booking.from, language)
  const checkOut = formatFullDay(booking.to, language)
  const marker = propertyMarker(property, addressOf(booking))
  const propertyName = property.name
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          <Trans>Your stay</Trans>
        </Title>
        <Columns cols={{ base: 1, xs: 2 }} spacing="md">
          <Text data-testid="booking-check-in">
            <Trans>Check-in: {checkIn}</Trans>
          </Text>
          <Text data-testid="booking-check-out">
            <Trans>Check-out: {checkOut}</Trans>
          </Text>
        </Columns>
        <Text c="dimmed" data-testid="booking-nights">
          <Plural value={booking.breakdown.days} one="# night" other="# nights" />
        </Text>
        <Group gap="md" align="baseline">
          <Text data-testid="booking-address">{addressOf(booking)}</Text>
          <Directions booking={booking} />
        </Group>
        {marker ? <LazyMap markers={[marker]} height={260} label={t`Map of ${propertyName}`} /> : null}
        <AddToCalendar booking={booking} />
      </Stack>
    </Card>
  )
}

/** Who to call or write to about the stay. */
export function AgencyContact({ agency }: { agency: BookingDetail['agency'] }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          <Trans>Your agency</Trans>
        </Title>
        <Text fw={600} data-testid="agency-name">
          {agency.name}
        </Text>
        <Columns cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact
            label={<Trans>E-mail</Trans>}
            value={
              <Anchor href={`mailto:${agency.email}`} data-testid="agency-email">
                {agency.email}
              </Anchor>
            }
          />
          {agency.phone ? (
            <Fact
              label={<Trans>Phone</Trans>}
              value={
                <Anchor href={`tel:${agency.phone.replace(/[^\d+]/g, '')}`} data-testid="agency-phone">
                  {agency.phone}
                </Anchor>
              }
            />
          ) : null}
        </Columns>
      </Stack>
    </Card>
  )
}
