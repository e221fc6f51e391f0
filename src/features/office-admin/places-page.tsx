// The places: every country with its locations (names in English and French, coordinates, how many properties
// are in each), and the forms to add a country or a location. A new location is offered to renters once a
// property is in it (docs/product.md §16).
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'

import { useLanguage } from '@/i18n/language'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { adminKeys, placeActs, placesQueryOptions } from './api'
import { useActOutcome } from './confirm-act'
import { CountryFields, LocationFields, placeName } from './place-forms'

const ADDED = { country: msg`The country is added.`, location: msg`The place is added.` }

export function PlacesPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const queryClient = useQueryClient()
  const places = useQuery(placesQueryOptions())
  const { notice, setOutcome } = useActOutcome()
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.places() })

  let body
  if (places.isPending) body = <Loader aria-label={t`Loading`} />
  else if (places.isError)
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Trans>The places could not be read.</Trans>
          <Button size="compact-sm" onClick={() => void places.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    )
  else
    body = (
      <Stack gap="xl">
        <Card withBorder padding="md" component="section" aria-labelledby="add-location">
          <Stack gap="sm">
            <Title order={2} size="h4" id="add-location">
              <Trans>Add a place</Trans>
            </Title>
            <LocationFields
              places={places.data}
              submitLabel={t`Add the place`}
              send={async (values) => {
                await placeActs.createLocation(values)
                setOutcome({ ok: true, message: ADDED.location })
                await refresh()
              }}
            />
          </Stack>
        </Card>
        <Card withBorder padding="md" component="section" aria-labelledby="add-country">
          <Stack gap="sm">
            <Title order={2} size="h4" id="add-country">
              <Trans>Add a country</Trans>
            </Title>
            <CountryFields
              submitLabel={t`Add the country`}
              send={async (values) => {
                await placeActs.createCountry(values)
                setOutcome({ ok: true, message: ADDED.country })
                await refresh()
              }}
            />
          </Stack>
        </Card>
        {notice}
        {places.data.map((country) => (
          <Stack key={country._id} gap="xs" component="section" aria-labelledby={`country-${country._id}`}>
            <Group gap="sm">
              <Title order={2} size="h3" id={`country-${country._id}`}>
                <Anchor component={HrefLink} href={`/admin/places/countries/${country._id}`} inherit>
                  {placeName(language, country)}
                </Anchor>
              </Title>
              <Text c="dimmed">{country.code}</Text>
            </Group>
            {country.locations.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No place yet.</Trans>
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing={4} striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>Name in English</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Name in French</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Coordinates</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>Properties</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {country.locations.map((location) => (
                      <Table.Tr key={location._id}>
                        <Table.Td>
                          <Anchor
                            component={HrefLink}
                            href={`/admin/places/locations/${location._id}`}
                            lang="en"
                          >
                            {location.nameEn}
                          </Anchor>
                        </Table.Td>
                        <Table.Td lang="fr">{location.nameFr}</Table.Td>
                        <Table.Td>
                          {location.latitude}, {location.longitude}
                        </Table.Td>
                        <Table.Td ta="right">{location.propertyCount}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        ))}
      </Stack>
    )
  return (
    <Screen
      title={<Trans>Places</Trans>}
      lead={
        <Trans>Countries and the places in them. Renters are offered a place once a property is in it.</Trans>
      }
    >
      {body}
    </Screen>
  )
}
