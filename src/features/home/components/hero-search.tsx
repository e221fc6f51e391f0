import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Paper } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'

import { isInvalidStay, StayDates } from '@/entities/booking/stay-dates'
import { LocationSelect } from '@/entities/property/location-select'
import { CALL_TO_ACTION } from '@/ui/brand'
import { Columns } from '@/ui/columns'
import { SearchIcon } from '@/ui/icons'
import { ReadyFieldset } from '@/ui/ready-fieldset'

/** The home page's search: where and when, then the search screen with those filters. */
export function HeroSearch() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [location, setLocation] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const invalidRange = isInvalidStay(from, to)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (invalidRange) return
    void navigate({
      to: '/search',
      search: { location: location || undefined, from: from || undefined, to: to || undefined },
    })
  }

  return (
    <Paper
      c="var(--mantine-color-text)"
      component="form"
      onSubmit={submit}
      shadow="xl"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      role="search"
      aria-label={t`Search properties`}
    >
      {/* Prerendered: off until React has taken the page over. */}
      <ReadyFieldset layout="contents">
        <Columns cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
          <LocationSelect value={location} onChange={setLocation} />
          <StayDates
            from={from}
            to={to}
            onChange={(nextFrom, nextTo) => {
              setFrom(nextFrom)
              setTo(nextTo)
            }}
          />
          <Button
            type="submit"
            size="md"
            {...CALL_TO_ACTION}
            leftSection={<SearchIcon size={18} />}
            disabled={invalidRange}
          >
            <Trans>Search</Trans>
          </Button>
        </Columns>
      </ReadyFieldset>
    </Paper>
  )
}
