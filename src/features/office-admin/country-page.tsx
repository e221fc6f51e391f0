// A country's page: its code and names to edit, its deletion (refused while it has places or an agency serves
// it: the server's reason is said), and the record of acts.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Group, Loader, Stack } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams, useRouter } from '@tanstack/react-router'

import { useLanguage } from '@/i18n/language'
import { accountMessages } from '@/ui/account-messages'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { ActsRecord } from './acts-record'
import { adminKeys, countryQueryOptions, placeActs } from './api'
import { ConfirmAct, useActOutcome } from './confirm-act'
import { CountryFields, placeName } from './place-forms'

export function CountryPage() {
  const { t } = useLingui()
  const language = useLanguage()
  const { id } = useParams({ strict: false }) as { id: string }
  const queryClient = useQueryClient()
  const router = useRouter()
  const country = useQuery(countryQueryOptions(id))
  const { notice, setOutcome } = useActOutcome()

  if (country.isPending || country.isError)
    return (
      <Screen title={<Trans>Country</Trans>}>
        {country.isPending ? (
          <Loader aria-label={t`Loading`} />
        ) : (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              <Trans>This country could not be read.</Trans>
              <Button size="compact-sm" onClick={() => void country.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </Group>
          </Alert>
        )}
      </Screen>
    )
  const { acts, ...values } = country.data
  const name = placeName(language, values)
  return (
    <Screen title={name}>
      <Stack gap="xl">
        <Anchor component={HrefLink} href="/admin/places">
          <Trans>Every place</Trans>
        </Anchor>
        <CountryFields
          key={JSON.stringify(values)}
          initial={{ code: values.code, nameEn: values.nameEn, nameFr: values.nameFr }}
          submitLabel={t`Save`}
          send={async (body) => {
            await placeActs.updateCountry(id, body)
            setOutcome({ ok: true, message: accountMessages.changesMade })
            await queryClient.invalidateQueries({ queryKey: adminKeys.all() })
          }}
        />
        <Group>
          <ConfirmAct
            label={t`Delete`}
            color="red"
            question={t`Delete ${name}? It is refused while it has places or an agency serves it.`}
            done={msg`The country is deleted.`}
            act={async () => {
              await placeActs.deleteCountry(id)
              queryClient.removeQueries({ queryKey: adminKeys.country(id) })
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
