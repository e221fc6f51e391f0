// The record of administrative acts on a user, an agency or a place: who, when, which act, and each changed
// field's before and after. Read only: no call changes it.
import { Trans, useLingui } from '@lingui/react/macro'
import { Code, Stack, Table, Text, Title } from '@mantine/core'

import type { AdminAct } from '@/contract/admin'
import { useLanguage } from '@/i18n/language'
import { formatMoment } from '@/lib/day'

import { ACTION_NAMES } from './labels'

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function Changes({ changes }: { changes: AdminAct['changes'] }) {
  const entries = Object.entries(changes)
  if (entries.length === 0) return null
  return (
    <Stack gap={2}>
      {entries.map(([field, change]) => {
        // Each changed field as [before, after] (server/services/admin/acts.ts).
        const pair = Array.isArray(change) && change.length === 2 ? change : null
        return (
          <Text key={field} size="xs">
            <Code>{field}</Code>{' '}
            {pair ? `${shown(pair[0] ?? '—')} → ${shown(pair[1] ?? '—')}` : shown(change)}
          </Text>
        )
      })}
    </Stack>
  )
}

export function ActsRecord({ acts }: { acts: AdminAct[] }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  return (
    <Stack gap="xs" component="section" aria-labelledby="acts-record">
      <Title order={2} size="h3" id="acts-record">
        <Trans>Record of administrative acts</Trans>
      </Title>
      {acts.length === 0 ? (
        <Text c="dimmed">
          <Trans>No administrative act yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="acts-record">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>When</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Act</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>By</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>What changed</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {acts.map((act) => (
                <Table.Tr key={act._id}>
                  <Table.Td>{formatMoment(act.createdAt, language)}</Table.Td>
                  <Table.Td>{i18n._(ACTION_NAMES[act.action])}</Table.Td>
                  <Table.Td>{act.actor ? act.actor.fullName : <Trans>A deleted account</Trans>}</Table.Td>
                  <Table.Td>
                    <Changes changes={act.changes} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
