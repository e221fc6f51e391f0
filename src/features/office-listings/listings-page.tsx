// The list of an agency's properties (every agency's for an administrator): searched by name, sorted, paged,
// its search in the URL. Each row hides or shows its property, marks it sold out or available, and deletes
// it; a property that bookings hold is refused by the server, and the page says why.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter, useSearch } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'

import type { ListingRow, ListingSort } from '@/contract/listings'
import { BASE_CURRENCY } from '@/domain/constants'
import { formatMoney } from '@/domain/money'
import { PER_TERM_LABELS, PROPERTY_TYPE_LABELS } from '@/entities/property/property-labels'
import { staffSessionQueryOptions } from '@/entities/staff/staff-session'
import { useLanguage } from '@/i18n/language'
import { errorMessage } from '@/ui/account-messages'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { listingsQueryOptions, refreshListings, removeListing, setFlags } from './api'
import { listingsHref, type ListingsParams, validateListingsParams } from './search-params'

const SORT_LABELS: Record<ListingSort, MessageDescriptor> = {
  newest: msg`Newest first`,
  name: msg`By name`,
  priceAsc: msg`Lowest price first`,
  priceDesc: msg`Highest price first`,
}

/** The search and the order: what it sends goes to the URL, and the list follows the URL. */
function Search({ params }: { params: ListingsParams }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const [keyword, setKeyword] = useState(params.keyword ?? '')
  // A new search or order starts again from the first page.
  const { page: _page, ...search } = params
  const go = (next: ListingsParams) => void router.navigate({ href: listingsHref(next) })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    go({ ...search, keyword: keyword.trim() || undefined })
  }
  return (
    <form onSubmit={submit} aria-label={t`Search the properties`} role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t`Name`}
          w={{ base: '100%', xs: 260 }}
          value={keyword}
          onChange={(event) => setKeyword(event.currentTarget.value)}
          placeholder={t`Part of the name`}
        />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
        <NativeSelect
          label={t`Order`}
          w={{ base: '100%', xs: 220 }}
          value={params.sort ?? 'newest'}
          data={(Object.keys(SORT_LABELS) as ListingSort[]).map((sort) => ({
            value: sort,
            label: i18n._(SORT_LABELS[sort]),
          }))}
          onChange={(event) => {
            const sort = event.currentTarget.value as ListingSort
            go({ ...search, sort: sort === 'newest' ? undefined : sort })
          }}
        />
        {search.keyword ? (
          <Button variant="subtle" component={HrefLink} href={listingsHref({ sort: search.sort })}>
            <Trans>Clear the search</Trans>
          </Button>
        ) : null}
      </Group>
    </form>
  )
}

/** What the renter's side sees of a property: hidden, sold out, not available, or shown. */
function States({ row }: { row: ListingRow }) {
  return (
    <Group gap={4}>
      {row.hidden ? (
        <Badge color="gray.7">
          <Trans>Hidden</Trans>
        </Badge>
      ) : (
        <Badge color="teal.9" variant="light">
          <Trans>Shown</Trans>
        </Badge>
      )}
      {row.soldOut ? (
        <Badge color="red.9">
          <Trans>Sold out</Trans>
        </Badge>
      ) : null}
      {!row.available ? (
        <Badge color="red.9" variant="outline">
          <Trans>Not available</Trans>
        </Badge>
      ) : null}
    </Group>
  )
}

/** A row's actions: each answered by the server with the property as it now is. */
function Actions({ row, onDelete }: { row: ListingRow; onDelete: (row: ListingRow) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const flags = useMutation({
    mutationFn: (body: { hidden?: boolean; soldOut?: boolean }) => setFlags(row._id, body),
    onSettled: () => refreshListings(queryClient),
  })
  const { i18n } = useLingui()
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4} wrap="wrap">
        <Button
          size="compact-sm"
          variant="default"
          loading={flags.isPending && flags.variables.hidden !== undefined}
          onClick={() => flags.mutate({ hidden: !row.hidden })}
          aria-label={row.hidden ? t`Show ${row.name}` : t`Hide ${row.name}`}
        >
          {row.hidden ? <Trans>Show</Trans> : <Trans>Hide</Trans>}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={flags.isPending && flags.variables.soldOut !== undefined}
          onClick={() => flags.mutate({ soldOut: !row.soldOut })}
          aria-label={row.soldOut ? t`Mark available: ${row.name}` : t`Mark sold out: ${row.name}`}
        >
          {row.soldOut ? <Trans>Mark available</Trans> : <Trans>Mark sold out</Trans>}
        </Button>
        <Button
          size="compact-sm"
          variant="outline"
          color="red.9"
          onClick={() => onDelete(row)}
          aria-label={t`Delete ${row.name}`}
        >
          <Trans>Delete</Trans>
        </Button>
      </Group>
      {flags.isError ? (
        <Text size="xs" c="red.9" role="alert">
          {i18n._(errorMessage(flags.error, msg`The property could not be changed. Please try again.`))}
        </Text>
      ) : null}
    </Stack>
  )
}

/** Asks before deleting; the server's refusal (bookings hold it) is said here, with what to do instead. */
function DeleteDialog({ row, onClose }: { row: ListingRow | null; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const deletion = useMutation({
    mutationFn: (id: string) => removeListing(id),
    onSuccess: async () => {
      await refreshListings(queryClient)
      onClose()
    },
  })
  const close = () => {
    deletion.reset()
    onClose()
  }
  return (
    <Modal opened={row !== null} onClose={close} title={t`Delete this property?`} centered>
      {row ? (
        <Stack gap="md">
          <Text>
            <Trans>{row.name} leaves the back office and the renter’s side for good, with its images.</Trans>
          </Text>
          {deletion.isError ? (
            <Alert color="red" role="alert">
              {i18n._(
                errorMessage(deletion.error, msg`The property could not be deleted. Please try again.`),
              )}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Keep it</Trans>
            </Button>
            {deletion.isError && row.hidden === false ? <HideInstead row={row} onDone={close} /> : null}
            <Button color="red.9" loading={deletion.isPending} onClick={() => deletion.mutate(row._id)}>
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}

/** A refused deletion's way out: hiding takes the property out of search, and its renters keep their bookings. */
function HideInstead({ row, onDone }: { row: ListingRow; onDone: () => void }) {
  const queryClient = useQueryClient()
  const hide = useMutation({
    mutationFn: () => setFlags(row._id, { hidden: true }),
    onSuccess: async () => {
      await refreshListings(queryClient)
      onDone()
    },
  })
  return (
    <Button loading={hide.isPending} onClick={() => hide.mutate()}>
      <Trans>Hide it</Trans>
    </Button>
  )
}

export function ListingsPage() {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const params = validateListingsParams(useSearch({ strict: false }) as Record<string, unknown>)
  const list = useQuery(listingsQueryOptions(params, language))
  const { data: staff } = useQuery(staffSessionQueryOptions())
  const isAdmin = staff?.type === 'ADMIN'
  const [deleting, setDeleting] = useState<ListingRow | null>(null)
  const { page: _page, ...search } = params

  let body
  if (list.isPending) body = <Loader aria-label={t`Loading`} />
  else if (list.isError)
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Trans>The properties could not be read.</Trans>
          <Button size="compact-sm" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    )
  else if (list.data.items.length === 0)
    body = (
      <Text c="dimmed">
        {search.keyword ? (
          <Trans>No property has this name.</Trans>
        ) : (
          <Trans>No property yet: add the first one.</Trans>
        )}
      </Text>
    )
  else {
    const { items, total, page, size } = list.data
    const pages = Math.max(1, Math.ceil(total / size))
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">
          <Trans>
            {total} properties, page {page} of {pages}
          </Trans>
        </Text>
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Property</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Price</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>On the renter’s side</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row._id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Image src={row.image} alt="" w={60} h={40} radius="sm" fit="cover" />
                      <div>
                        <Anchor component={HrefLink} href={`/admin/properties/${row._id}`} fw={600}>
                          {row.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {i18n._(PROPERTY_TYPE_LABELS[row.type])} · {row.location}
                          {isAdmin ? ` · ${row.agency.name}` : ''}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {formatMoney(row.price, BASE_CURRENCY, language)} /{' '}
                    {i18n._(PER_TERM_LABELS[row.rentalTerm])}
                  </Table.Td>
                  <Table.Td>
                    <States row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Actions row={row} onDelete={setDeleting} />
                  </Table.Td>
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
              href={listingsHref({ ...search, page: page > 2 ? String(page - 1) : undefined })}
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
              href={listingsHref({ ...search, page: String(page + 1) })}
            >
              <Trans>Next page</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    )
  }

  return (
    <Screen
      title={<Trans>Properties</Trans>}
      lead={
        <Trans>What renters find in search. A property that bookings hold can be hidden, not deleted.</Trans>
      }
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Search key={JSON.stringify(search)} params={params} />
          <Button component={HrefLink} href="/admin/properties/new">
            <Trans>New property</Trans>
          </Button>
        </Group>
        {body}
      </Stack>
      <DeleteDialog row={deleting} onClose={() => setDeleting(null)} />
    </Screen>
  )
}
