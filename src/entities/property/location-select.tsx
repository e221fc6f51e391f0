// Where to stay: every location grouped by country, "Anywhere" first. Used by the home page's search and
// the search filters. Shows a disabled select while the locations load (and in the prerendered home page).
import { useLingui } from '@lingui/react/macro'
import { NativeSelect } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'

import { useLanguage } from '@/i18n/language'
import { Deferred } from '@/lib/deferred'
import { PinIcon } from '@/ui/icons'

import { countriesQueryOptions } from './catalog-api'

export interface LocationSelectProps {
  /** A location's id, or '' for anywhere. */
  value: string
  onChange: (value: string) => void
}

function Locations({
  value,
  onChange,
  label,
  anywhere,
}: LocationSelectProps & { label: string; anywhere: string }) {
  const language = useLanguage()
  const { data: countries } = useSuspenseQuery(countriesQueryOptions(language))
  return (
    <NativeSelect
      label={label}
      leftSection={<PinIcon size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: anywhere },
        ...countries.map((country) => ({
          group: country.name,
          items: country.locations.map((location) => ({ value: location._id, label: location.name })),
        })),
      ]}
    />
  )
}

export function LocationSelect(props: LocationSelectProps) {
  const { t } = useLingui()
  const label = t`Location`
  const anywhere = t`Anywhere`
  return (
    <Deferred
      fallback={<NativeSelect label={label} leftSection={<PinIcon size={16} />} data={[anywhere]} disabled />}
    >
      <Locations {...props} label={label} anywhere={anywhere} />
    </Deferred>
  )
}
