// A slim strip under the header that asks the user something about their account (activate it, keep the places
// saved before signing in): one look for every such question.
import { Group } from '@mantine/core'
import type { ReactNode } from 'react'

export function HeaderStrip({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Group justify="center" gap="sm" py={6} px="md" bg="petrol.0" c="petrol.9" data-testid={testId}>
      {children}
    </Group>
  )
}
