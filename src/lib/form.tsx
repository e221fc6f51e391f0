// A small form state for the account screens: values, an error per field (a message descriptor, or a
// server text), and the summary shown above the submit button. Values are never reset by an error: what
// the user typed stays, so a failed send never costs them their typing.
import type { MessageDescriptor } from '@lingui/core'
import { Alert, Text } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useCallback, useState } from 'react'

import { accountMessages } from './account-messages'

export type FieldMessage = MessageDescriptor | string
/** `true` marks a field invalid without a message of its own (a required field left empty). */
export type FieldErrors<K extends string> = Partial<Record<K, FieldMessage | true>>

export interface FormSummary {
  /** The headline: 'Please fix errors.' or a server's message. */
  message: FieldMessage
  /** Labels of required fields left empty ('Please fill in the field(s):'). */
  missing?: string[]
  color?: 'red' | 'green'
}

export function useForm<T extends Record<string, unknown>>(initial: T) {
  type K = keyof T & string
  const [values, setValues] = useState<T>(initial)
  const [errors, setErrors] = useState<FieldErrors<K>>({})
  const [summary, setSummary] = useState<FormSummary | null>(null)
  const [submitting, setSubmitting] = useState(false)

  const setValue = useCallback(<F extends K>(field: F, value: T[F]) => {
    setValues((current) => ({ ...current, [field]: value }))
    // Typing in a field clears its own error, not the others'.
    setErrors((current) => {
      if (!(field in current)) return current
      const next = { ...current }
      delete next[field]
      return next
    })
  }, [])

  /**
   * Checks the form before it is sent: required fields left empty and each rule's message. Shows the errors
   * beside their fields and 'Please fix errors.' with the missing fields above the button; true when valid.
   */
  const check = useCallback(
    (required: readonly K[], labels: Partial<Record<K, string>>, rules: FieldErrors<K> = {}): boolean => {
      const missing = emptyFields(values, required)
      const problems: FieldErrors<K> = {}
      for (const field of missing) problems[field] = true
      for (const [field, message] of Object.entries(rules) as [K, FieldMessage | true | undefined][]) {
        if (message !== undefined && !missing.includes(field)) problems[field] = message
      }
      setErrors(problems)
      if (Object.keys(problems).length === 0) {
        setSummary(null)
        return true
      }
      setSummary({
        message: accountMessages.fixErrors,
        missing: missing.map((field) => labels[field] ?? field),
      })
      return false
    },
    [values],
  )

  return {
    values,
    setValues,
    setValue,
    errors,
    setErrors,
    summary,
    setSummary,
    submitting,
    setSubmitting,
    check,
  }
}

/** Fields whose value is empty (a blank string, false or undefined), in the order given. */
export function emptyFields<T extends Record<string, unknown>, K extends keyof T & string>(
  values: T,
  required: readonly K[],
): K[] {
  return required.filter((field) => {
    const value = values[field]
    return value === undefined || value === false || (typeof value === 'string' && value.trim() === '')
  })
}

/** Translates a field message for a Mantine input's `error`. */
export function useFieldMessage() {
  const { i18n } = useLingui()
  return (message: FieldMessage | true | undefined): ReactNode =>
    message === undefined || message === true
      ? message
      : typeof message === 'string'
        ? message
        : i18n._(message)
}

/** The form's summary: the headline, then the required fields left empty. */
export function FormAlert({ summary }: { summary: FormSummary | null }) {
  const { i18n } = useLingui()
  if (!summary) return null
  const text = (message: FieldMessage) => (typeof message === 'string' ? message : i18n._(message))
  const missing = summary.missing ?? []
  return (
    <Alert
      color={summary.color ?? 'red'}
      variant="light"
      role={summary.color === 'green' ? 'status' : 'alert'}
    >
      <Text size="sm" fw={600}>
        {text(summary.message)}
      </Text>
      {missing.length > 0 ? (
        <Text size="sm">
          {text(missing.length === 1 ? accountMessages.fillInField : accountMessages.fillInFields)}{' '}
          {missing.join(', ')}
        </Text>
      ) : null}
    </Alert>
  )
}
