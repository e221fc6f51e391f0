import { Trans } from '@lingui/react/macro'
import { Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

import { useOnline } from '@/lib/use-online'
import { Columns } from '@/ui/columns'

export function Section({
  title,
  action,
  children,
  id,
}: {
  title: ReactNode
  action?: ReactNode
  children: ReactNode
  id: string
}) {
  return (
    <Stack component="section" gap="md" aria-labelledby={id}>
      <Group justify="space-between" align="baseline">
        <Title order={2} id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  )
}

/** While a section's data loads; offline with nothing saved, says so instead of spinning forever. */
export function SectionFallback({ height = 260, count = 3 }: { height?: number; count?: number }) {
  const online = useOnline()
  if (!online) {
    return (
      <Text c="dimmed" role="status">
        <Trans>This section will appear when you are back online.</Trans>
      </Text>
    )
  }
  return (
    <Columns cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="lg" />
      ))}
    </Columns>
  )
}
