// The frame every screen shares: a title, an optional lead line and the content, in the page container.
import { Trans } from '@lingui/react/macro'
import { Container, List, Stack, Text, Title } from '@mantine/core'
import type { ReactElement, ReactNode } from 'react'

import { ReadyFieldset } from './ready-fieldset'

export interface ScreenProps {
  title: ReactNode
  lead?: ReactNode
  children?: ReactNode
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
}

export function Screen({ title, lead, children, size = 'lg' }: ScreenProps) {
  return (
    <Container size={size} py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1}>{title}</Title>
          {lead ? (
            <Text size="lg" c="dimmed" maw={680}>
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children ? <ReadyFieldset>{children}</ReadyFieldset> : null}
      </Stack>
    </Container>
  )
}

export interface UpcomingProps {
  /** What the screen will hold, one item per line, each keyed by what it is about (`key="payment"`). */
  items: ReactElement[]
  icon?: ReactNode
}

/** For screens whose content lands in a later release: says plainly what will be here. */
export function Upcoming({ items, icon }: UpcomingProps) {
  return (
    <Stack
      gap="xs"
      p="lg"
      bg="petrol.0"
      style={{ borderRadius: 'var(--mantine-radius-lg)', border: '1px dashed var(--mantine-color-petrol-3)' }}
    >
      {icon}
      <Text fw={700} c="petrol.9">
        <Trans>What you will find here</Trans>
      </Text>
      <List spacing={6} c="petrol.9">
        {items.map((item, index) => (
          <List.Item key={item.key ?? index}>{item}</List.Item>
        ))}
      </List>
    </Stack>
  )
}
