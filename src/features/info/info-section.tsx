import { Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled block of prose on the information pages. */
export function InfoSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={2} fz="h3">
        {title}
      </Title>
      <Text c="gray.8" style={{ lineHeight: 1.65 }}>
        {children}
      </Text>
    </Stack>
  )
}
