// A calendar day typed in the interface language (20/09/2027 in French, 09/20/2027 in English), held as
// YYYY-MM-DD. Native date inputs show the browser's own order whatever the interface language, which is why
// Haven types days here. The text is kept as typed while it is typed; it becomes the day as soon as it is
// one, and a language switch rewrites it in the new order.
import { TextInput, type TextInputProps } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'

import { useLanguage } from '@/i18n/language'

import { formatDayInput, parseDayInput } from './day'
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
  rightSection?: ReactNode
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
  // A day chosen elsewhere (a calendar, the URL, a reset form) or a language switch shows here, except
  // mid-typing.
  useEffect(() => {
    if (!typing)
      setText((shown) => (parseDayInput(shown, language) === value ? shown : formatDayInput(value, language)))
  }, [value, language, typing])
  const unreadable = text.trim() !== '' && parseDayInput(text, language) === undefined
  const sample = formatDayInput(example, language)
  return (
    <TextInput
      leftSection={<CalendarIcon size={16} />}
      {...props}
      placeholder={language === 'fr' ? t`DD/MM/YYYY` : t`MM/DD/YYYY`}
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
        const day = parseDayInput(typed, language)
        if (day !== undefined) onChange(day)
        else if (whileUnreadable === 'clear') onChange('')
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
