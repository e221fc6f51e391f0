// The agencies: the users' list of type AGENCY, and the way to create one.
import { Trans } from '@lingui/react/macro'
import { Button, Group, Stack } from '@mantine/core'
import { useSearch } from '@tanstack/react-router'

import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { validateAgenciesParams } from './search-params'
import { UsersList } from './users-list'

export function AgenciesPage() {
  const params = validateAgenciesParams(useSearch({ strict: false }) as Record<string, unknown>)
  return (
    <Screen title={<Trans>Agencies</Trans>}>
      <Stack gap="lg">
        <Group>
          <Button component={HrefLink} href="/admin/agencies/new">
            <Trans>Create an agency</Trans>
          </Button>
        </Group>
        <UsersList path="/admin/agencies" params={{ ...params, type: 'AGENCY' }} />
      </Stack>
    </Screen>
  )
}
