// The range calendar of the stay fields (stay-dates.tsx), in its own chunk with @mantine/dates and dayjs's
// French locale: weeks start on Monday in French, months and days are named in the interface language.
// Two months side by side on a wide screen, one on a phone, where the dialog takes the whole screen.
import '@mantine/dates/styles.css'
import 'dayjs/locale/fr'

import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { DatePicker, DatesProvider } from '@mantine/dates'
import { useMediaQuery } from '@mantine/hooks'
import { useState } from 'react'

import type { HeldStay } from '@/contract/catalog'
import { rentalDays } from '@/domain/price'
import { useLanguage } from '@/i18n/language'
import { formatDay, formatFullDay } from '@/lib/day'

import classes from './stay-calendar.module.css'

export interface StayCalendarProps {
  from: string
  to: string
  /** The first day that can be chosen (today). */
  earliest: string
  /** Held stays: their nights (check-in day to the day before check-out) cannot be picked. */
  held?: readonly HeldStay[]
  onClose: () => void
  onChange: (from: string, to: string) => void
}

type Range = [string | null, string | null]

export default function StayCalendar({
  from,
  to,
  earliest,
  held = [],
  onClose,
  onChange,
}: StayCalendarProps) {
  const { t } = useLingui()
  const language = useLanguage()
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not copy
  const wide = useMediaQuery('(min-width: 48em)', true)
  const [range, setRange] = useState<Range>([from || null, to || null])
  const [start, end] = range
  const nights = start && end ? rentalDays(start, end) : 0
  const booked = (date: string) => {
    const day = date.slice(0, 10)
    return held.some((stay) => stay.from <= day && day < stay.to)
  }
  return (
    <Modal opened onClose={onClose} title={t`Your stay`} size="auto" fullScreen={!wide} centered returnFocus>
      <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'fr' ? 1 : 0 }}>
        <Stack gap="md" align="center">
          <DatePicker
            type="range"
            numberOfColumns={wide ? 2 : 1}
            minDate={earliest}
            excludeDate={(date) => booked(String(date))}
            // Booked nights look booked and say so, where a past day is only faded.
            classNames={{ day: classes.day }}
            getDayProps={(date) => (booked(date) ? { 'data-booked': true, title: t`Booked` } : {})}
            getDayAriaLabel={(date) => (booked(date) ? `${formatFullDay(date, language)}, ${t`Booked`}` : '')}
            // Opens on the month of the chosen start, not on today's.
            defaultDate={from || earliest}
            value={range}
            onChange={(next) => setRange(next as Range)}
            ariaLabels={{ nextMonth: t`Next month`, previousMonth: t`Previous month` }}
          />
          {held.length > 0 ? (
            <Text size="sm" data-testid="stay-calendar-legend">
              <span className={classes.swatch} aria-hidden="true" />
              <Trans>Booked</Trans>
            </Text>
          ) : null}
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="stay-calendar-summary">
            {start && end ? (
              <>
                {formatDay(start, language)} – {formatDay(end, language)} ·{' '}
                <Plural value={nights} one="# night" other="# nights" />
              </>
            ) : start ? (
              <Trans>Now choose the last day.</Trans>
            ) : (
              <Trans>Choose the first day of your stay.</Trans>
            )}
          </Text>
          <Group justify="space-between" w="100%">
            <Button
              variant="subtle"
              onClick={() => {
                setRange([null, null])
                onChange('', '')
              }}
            >
              <Trans>Clear dates</Trans>
            </Button>
            <Button
              disabled={Boolean(start) !== Boolean(end)}
              onClick={() => {
                onChange(start ?? '', end ?? '')
                onClose()
              }}
            >
              <Trans>Done</Trans>
            </Button>
          </Group>
        </Stack>
      </DatesProvider>
    </Modal>
  )
}
