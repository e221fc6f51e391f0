// The two ends of a stay, in the interface language (20/09/2027 in French, 09/20/2027 in English). Each day
// can be typed (src/ui/day-input.tsx), and the calendar button opens a range calendar (`stay-calendar.tsx`,
// @mantine/dates), which loads on that first click: these fields are on the home page's first paint, the
// calendar is not. Used by the home page's search, the search filters, the property's booking panel and a
// booking's change of dates; each decides when the dates apply.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'

import type { HeldStay } from '@/contract/catalog'
import { stayProblem } from '@/domain/stay'
import { today } from '@/lib/day'
import { DayInput } from '@/ui/day-input'
import { CalendarIcon } from '@/ui/icons'

const StayCalendar = lazy(() => import('./stay-calendar'))

/** Both ends chosen, and not a stay that can be booked (docs/product.md §12, Bounds). */
export const isInvalidStay = (from: string, to: string) =>
  from !== '' && to !== '' && stayProblem(from, to, today()) !== null

/** Whether the stay [from, to) takes a night of a held stay. */
export const overlapsHeld = (from: string, to: string, held: readonly HeldStay[]) =>
  held.some((stay) => stay.from < to && stay.to > from)

export interface StayDatesProps {
  from: string
  to: string
  onChange: (from: string, to: string) => void
  /** The property's held stays (its calendar): their nights cannot be picked, and a stay over one says so. */
  held?: readonly HeldStay[]
}

/** From and To side by side (a fragment: the parent lays them out); the end must come after the start. */
export function StayDates({ from, to, onChange, held = [] }: StayDatesProps) {
  const { t } = useLingui()
  const [calendar, setCalendar] = useState(false)
  const first = today()
  // Said beside the field at fault as soon as both ends are there, before anything is priced or booked.
  const problem = from && to ? stayProblem(from, to, first) : null
  const reasons: Record<NonNullable<typeof problem>['code'], string> = {
    start_in_past: t`The stay cannot start in the past.`,
    start_too_far: t`A stay must start within the next two years.`,
    dates_invalid: t`The end date must be after the start date.`,
    stay_too_long: t`A stay is at most 365 nights.`,
  }
  const taken = Boolean(from && to && !problem && overlapsHeld(from, to, held))
  const errorOf = (field: 'from' | 'to') => {
    if (problem?.field === field) return reasons[problem.code]
    return field === 'to' && taken
      ? t`Some of these nights are already booked. Choose other dates.`
      : undefined
  }
  const calendarButton = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={t`Choose dates on a calendar`}
      onClick={() => setCalendar(true)}
    >
      <CalendarIcon size={18} />
    </ActionIcon>
  )
  return (
    <>
      <DayInput
        label={t`From`}
        value={from}
        example={first}
        autoComplete="off"
        rightSection={calendarButton}
        onChange={(day) => onChange(day, to)}
        error={errorOf('from')}
      />
      <DayInput
        label={t`To`}
        value={to}
        example={first}
        autoComplete="off"
        rightSection={calendarButton}
        onChange={(day) => onChange(from, day)}
        error={errorOf('to')}
      />
      {calendar ? (
        <Suspense fallback={null}>
          <StayCalendar
            from={from}
            to={to}
            earliest={first}
            held={held}
            onClose={() => setCalendar(false)}
            onChange={onChange}
          />
        </Suspense>
      ) : null}
    </>
  )
}
