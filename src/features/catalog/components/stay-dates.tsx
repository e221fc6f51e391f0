// The two ends of a stay, as the native date inputs (a phone shows its own picker). Used by the home
// page's search, the search filters and the property's booking panel; each decides when the dates apply.
import { TextInput } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'

import { CalendarIcon } from '@/lib/icons'

/** Today as YYYY-MM-DD in the visitor's time zone: the earliest day a stay can start. */
export function today(): string {
  const now = new Date()
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 10)
}

/** Both ends chosen and the end not after the start. */
export const isInvalidStay = (from: string, to: string) => from !== '' && to !== '' && to <= from

export interface StayDatesProps {
  from: string
  to: string
  onChange: (from: string, to: string) => void
}

/** From and To side by side (a fragment: the parent lays them out); the end must come after the start. */
export function StayDates({ from, to, onChange }: StayDatesProps) {
  const { t } = useLingui()
  return (
    <>
      <TextInput
        type="date"
        label={t`From`}
        leftSection={<CalendarIcon size={16} />}
        min={today()}
        value={from}
        onChange={(event) => onChange(event.currentTarget.value, to)}
      />
      <TextInput
        type="date"
        label={t`To`}
        leftSection={<CalendarIcon size={16} />}
        min={from || today()}
        value={to}
        onChange={(event) => onChange(from, event.currentTarget.value)}
        error={isInvalidStay(from, to) ? t`The end date must be after the start date.` : undefined}
      />
    </>
  )
}
