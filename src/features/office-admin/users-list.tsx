// The users' list (and the agencies', which is the same list of type AGENCY): its search in the URL, newest
// first, 30 a page; each row leads to the user's or the agency's page.
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'

import { ADMIN_USERS_PAGE_SIZE, USER_STATES } from '@/domain/admin'
import { USER_TYPES } from '@/domain/enums'
import { useLanguage } from '@/i18n/language'
import { formatDay } from '@/lib/day'
import { HrefLink } from '@/ui/href-link'

import { usersQueryOptions } from './api'
import { STATE_COLORS, STATE_NAMES, TYPE_NAMES } from './labels'
import { listHref, type UsersParams } from './search-params'

type ListPath = '/admin/users' | '/admin/agencies'

function Filters({ path, params }: { path: ListPath; params: UsersParams }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const [keyword, setKeyword] = useState(params.keyword ?? '')
  const { page: _page, ...filters } = params
  const go = (next: UsersParams) => void router.navigate({ href: listHref(path, next) })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    go({ ...filters, keyword: keyword.trim() || undefined })
  }
  return (
    <form onSubmit={submit} aria-label={t`Search`} role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t`Name or e-mail`}
          w={{ base: '100%', xs: 260 }}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
        />
        {path === '/admin/users' ? (
          <Select
            label={t`Type`}
            w={{ base: '100%', xs: 170 }}
            clearable
            placeholder={t`Any`}
            value={params.type ?? null}
            data={USER_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_NAMES[type]) }))}
            onChange={(value) => go({ ...filters, type: (value as UsersParams['type'] | null) ?? undefined })}
          />
        ) : null}
        <Select
          label={t`State`}
          w={{ base: '100%', xs: 170 }}
          clearable
          placeholder={t`Any`}
          value={params.state ?? null}
          data={USER_STATES.map((state) => ({ value: state, label: i18n._(STATE_NAMES[state]) }))}
          onChange={(value) => go({ ...filters, state: (value as UsersParams['state'] | null) ?? undefined })}
        />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
        {Object.keys(filters).length > 0 ? (
          <Button variant="subtle" component={HrefLink} href={path}>
            <Trans>Clear the filters</Trans>
          </Button>
        ) : null}
      </Group>
    </form>
  )
}

/** `params` as the URL holds them; for the agencies' list, `type` is AGENCY. */
export function UsersList({ path, params }: { path: ListPath; params: UsersParams }) {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const users = useQuery(usersQueryOptions(params))
  const page = params.page ?? 1
  const { type: _type, ...linkParams } = params
  const hrefParams = path === '/admin/users' ? params : linkParams

  let body
  if (users.isPending) body = <Loader aria-label={t`Loading`} />
  else if (users.isError)
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Trans>The list could not be read.</Trans>
          <Button size="compact-sm" onClick={() => void users.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    )
  else if (users.data.rows.length === 0)
    body = (
      <Text c="dimmed">
        <Trans>Nobody matches this search.</Trans>
      </Text>
    )
  else {
    const { rows, total } = users.data
    const pages = Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE_SIZE))
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">
          <Trans>
            {total} found, page {page} of {pages}
          </Trans>
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>E-mail</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Type</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>State</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Since</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td>
                    <Anchor
                      component={HrefLink}
                      href={row.type === 'AGENCY' ? `/admin/agencies/${row._id}` : `/admin/users/${row._id}`}
                      fw={600}
                    >
                      {row.fullName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{i18n._(TYPE_NAMES[row.type])}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLORS[row.state]}>{i18n._(STATE_NAMES[row.state])}</Badge>
                  </Table.Td>
                  <Table.Td>{formatDay(row.createdAt.slice(0, 10), language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          {page > 1 ? (
            <Button
              variant="default"
              component={HrefLink}
              href={listHref(path, { ...hrefParams, page: page > 2 ? page - 1 : undefined })}
            >
              <Trans>Previous page</Trans>
            </Button>
          ) : (
            <span />
          )}
          {page < pages ? (
            <Button
              variant="default"
              component={HrefLink}
              href={listHref(path, { ...hrefParams, page: page + 1 })}
            >
              <Trans>Next page</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    )
  }
  return (
    <Stack gap="lg">
      <Filters key={JSON.stringify(hrefParams)} path={path} params={hrefParams} />
      {body}
    </Stack>
  )
}
