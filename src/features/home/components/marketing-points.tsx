import { Trans } from '@lingui/react/macro'
import { Stack, Text, ThemeIcon } from '@mantine/core'
import type { ReactNode } from 'react'

import { Columns } from '@/ui/columns'
import { BoltIcon, ClockIcon, HeadsetIcon, SparkIcon } from '@/ui/icons'

function Point({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <ThemeIcon size={44} radius="xl" variant="light" color="petrol">
        {icon}
      </ThemeIcon>
      <Text component="h2" fw={700} fz="lg" m={0}>
        {title}
      </Text>
      <Text c="dimmed" size="sm">
        {children}
      </Text>
    </Stack>
  )
}

/** docs/product.md §1's four promises. */
export function MarketingPoints() {
  return (
    <Columns cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
      <Point icon={<SparkIcon size={22} />} title={<Trans>A wide range of properties</Trans>}>
        <Trans>Houses, apartments, townhouses, farms and more, from agencies we know.</Trans>
      </Point>
      <Point icon={<ClockIcon size={22} />} title={<Trans>Flexible scheduling</Trans>}>
        <Trans>Rent by the day, the week, the month or the year, on the dates that suit you.</Trans>
      </Point>
      <Point icon={<BoltIcon size={22} />} title={<Trans>Online and instant booking</Trans>}>
        <Trans>Book and pay in a few steps, and get your confirmation straight away.</Trans>
      </Point>
      <Point icon={<HeadsetIcon size={22} />} title={<Trans>24/7 customer support</Trans>}>
        <Trans>Someone is there to help, day and night, before and during your stay.</Trans>
      </Point>
    </Columns>
  )
}
