// A labelled value in a grid of facts (a property's, a booking's).
import { Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

export function Fact({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  )
}
