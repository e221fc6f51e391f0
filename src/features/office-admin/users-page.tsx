// The users' list: renters, agencies and administrators, searchable by name, e-mail, type and state.
import { Trans } from '@lingui/react/macro'
import { useSearch } from '@tanstack/react-router'

import { Screen } from '@/ui/screen'

import { validateUsersParams } from './search-params'
import { UsersList } from './users-list'

export function UsersPage() {
  const params = validateUsersParams(useSearch({ strict: false }) as Record<string, unknown>)
  return (
    <Screen
      title={<Trans>Users</Trans>}
      lead={<Trans>Newest first. Open a user to see their bookings and sign-ins.</Trans>}
    >
      <UsersList path="/admin/users" params={params} />
    </Screen>
  )
}
