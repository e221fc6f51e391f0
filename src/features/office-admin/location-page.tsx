// A location's page: its names, country, the place it is inside and its coordinates to edit, its deletion
// (refused while a property is in it or other places are inside it: the server's reason is said), and the
// record of acts.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams, useRouter } from '@tanstack/react-router'

import { useLanguage } from '@/i18n/language'
import { accountMessages } from '@/ui/account-messages'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { ActsRecord } from './acts-record'
import { adminKeys, locationQueryOptions, placeActs, placesQueryOptions } from './api'
import { ConfirmAct, useActOutcome } from './confirm-act'
import { LocationFields, placeName } from './place-forms'

export function LocationPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const { id } = useParams({ strict: false }) as { id: string }
  const queryClient = useQueryClient()
  const router = useRouter()
  const location = useQuery(locationQueryOptions(id))
  const places = useQuery(placesQueryOptions())
  const { notice, setOutcome } = useActOutcome()

  if (location.isPending || places.isPending || location.isError || places.isError)
    return (
      <Screen title={<Trans>Place</Trans>}>
        {location.isError || places.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Trans>This place could not be read.</Trans>
              <Button
                size="compact-sm"
                onClick={() => void Promise.all([location.refetch(), places.refetch()])}
              >
                <Trans>Try again</Trans>
              </Button>
            </Group>
          </Alert>
        ) : (
          <Loader aria-label={t`Loading`} />
        )}
      </Screen>
    )
  const { acts, propertyCount, ...values } = location.data
  const name = placeName(language, values)
  return (
    <Screen title={name}>
      <Stack gap="xl">
        <Group gap="md">
          <Anchor component={HrefLink} href="/admin/places">
            <Trans>Every place</Trans>
          </Anchor>
          <Text size="sm" c="dimmed">
            <Trans>{propertyCount} properties</Trans>
          </Text>
        </Group>
        <LocationFields
          key={JSON.stringify(values)}
          places={places.data}
          exclude={id}
          initial={values}
          submitLabel={t`Save`}
          send={async (body) => {
            await placeActs.updateLocation(id, body)
            setOutcome({ ok: true, message: accountMessages.changesMade })
            await queryClient.invalidateQueries({ queryKey: adminKeys.all() })
          }}
        />
        <Group>
          <ConfirmAct
            label={t`Delete`}
            color="red"
            question={t`Delete ${name}? It is refused while a property is in it or other places are inside it.`}
            done={msg`The place is deleted.`}
            act={async () => {
              await placeActs.deleteLocation(id)
              queryClient.removeQueries({ queryKey: adminKeys.location(id) })
              await queryClient.invalidateQueries({ queryKey: adminKeys.places() })
              await router.navigate({ href: '/admin/places' })
            }}
            onOutcome={(outcome) => (outcome.ok ? undefined : setOutcome(outcome))}
          />
        </Group>
        {notice}
        <ActsRecord acts={acts} />
      </Stack>
    </Screen>
  )
}
