// Calendar days (a stay's `from` and `to`) in the interface language. They are dates without a time: read
// and shown on the UTC clock, so no time zone moves them by a day.
import type { Language } from '@/domain/enums'

export function formatDay(day: string, language: Language): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day)
  if (Number.isNaN(date.getTime())) return day
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}

/** A moment's time of day on the device's clock, in the interface language ("14:35", "2:35 PM"). */
export function formatTime(moment: string, language: Language): string {
  const date = new Date(moment)
  if (Number.isNaN(date.getTime())) return moment
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date)
}
