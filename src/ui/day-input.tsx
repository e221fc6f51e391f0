// A calendar day typed in the interface language (20/09/2027 in French, 09/20/2027 in English), held as
// YYYY-MM-DD. Native date inputs show the browser's own order whatever the interface language, which is why
// Haven types days here. The text is kept as typed while it is typed; it becomes the day as soon as it is
// one, and a language switch rewrites it in the new order.
import { useLingui } from '@lingui/react/macro'
import { TextInput, type TextInputProps } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'

import { useLanguage } from '@/i18n/language'
import { dayComesFirst, formatDayInput, parseDayInput } from '@/lib/day'

import { CalendarIcon } from './icons'

export interface DayInputProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue' | 'placeholder'
> {
  value: string
  onChange: (day: string) => void
  /**
   * While the text is no day: `keep` leaves the last day in place (the stay fields, which search as they
   * change), `clear` makes it empty so a form never sends a day the field no longer shows.
   */
  whileUnreadable?: 'keep' | 'clear'
  /** An example shown with the "type a date" hint, YYYY-MM-DD. */
  example: string
}

export function DayInput({
  value,
  onChange,
  whileUnreadable = 'keep',
  example,
  error,
  onFocus,
  onBlur,
  ...props
}: DayInputProps) {
  const { t } = useLingui()
  const language = useLanguage()
  const [text, setText] = useState(() => formatDayInput(value, language))
  const [typing, setTyping] = useState(false)
  const shownDay = useRef(value)
  const shownLanguage = useRef(language)
  // Out of typing, a day shows in this language's order: after a blur (09/20/2027 typed as 2027-09-20), a
  // day chosen elsewhere (a calendar, the URL, a reset form) or a language switch. Text that is no day
  // stays as typed, with its hint, until the day changes elsewhere. Whether it is a day is asked in the
  // language it was written in: after a switch, 05/17/1994 is no French day, but it is the day held.
  useEffect(() => {
    if (typing) return
    const changedElsewhere = shownDay.current !== value
    const writtenIn = shownLanguage.current
    shownDay.current = value
    shownLanguage.current = language
    setText((shown) =>
      !changedElsewhere && shown.trim() !== '' && parseDayInput(shown, writtenIn) === undefined
        ? shown
        : formatDayInput(value, language),
    )
  }, [value, language, typing])
  const unreadable = text.trim() !== '' && parseDayInput(text, language) === undefined
  const sample = formatDayInput(example, language)
  return (
    <TextInput
      leftSection={<CalendarIcon size={16} />}
      {...props}
      placeholder={dayComesFirst(language) ? t`DD/MM/YYYY` : t`MM/DD/YYYY`}
      inputMode="numeric"
      value={text}
      onFocus={(event) => {
        setTyping(true)
        onFocus?.(event)
      }}
      onBlur={(event) => {
        setTyping(false)
        onBlur?.(event)
      }}
      onChange={(event) => {
        const typed = event.currentTarget.value
        setText(typed)
        shownLanguage.current = language
        const day = parseDayInput(typed, language)
        const next = day ?? (whileUnreadable === 'clear' ? '' : undefined)
        if (next === undefined) return
        // Typed here: not a change from elsewhere.
        shownDay.current = next
        onChange(next)
      }}
      error={error || (!typing && unreadable ? t`Type a date such as ${sample}.` : undefined)}
    />
  )
}

/** A birth date: typed in the interface language's order; text that is no day leaves the field empty. */
export function BirthDateInput({
  value,
  ...props
}: Omit<DayInputProps, 'whileUnreadable' | 'example' | 'autoComplete' | 'value'> & { value?: string }) {
  return (
    <DayInput
      {...props}
      value={value ?? ''}
      autoComplete="bday"
      whileUnreadable="clear"
      example="1990-08-26"
    />
  )
}
