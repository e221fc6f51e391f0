// An agency's page: its fields to edit, its logo (made 60x30 by the server), deactivate or reactivate it,
// delete it (refused while a booking holds one of its properties: the server's reason is said), and the record
// of acts. Each act is confirmed first, and its outcome told.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams, useRouter } from '@tanstack/react-router'
import { useState } from 'react'

import type { AgencyPage as AgencyPageData } from '@/contract/admin'
import { AGENCY_LOGO_HEIGHT, AGENCY_LOGO_WIDTH } from '@/domain/admin'
import { accountMessages, errorMessage } from '@/ui/account-messages'
import { HrefLink } from '@/ui/href-link'
import { Screen } from '@/ui/screen'

import { ActsRecord } from './acts-record'
import { AgencyFields, agencyValues } from './agency-form'
import { adminKeys, agencyActs, agencyQueryOptions, userActs } from './api'
import { ConfirmAct, type Outcome, useActOutcome } from './confirm-act'
import { STATE_COLORS, STATE_NAMES } from './labels'

const DONE = {
  deactivate: msg`The agency is deactivated: its listings have left the renters' side.`,
  reactivate: msg`The agency is reactivated: the listings its deactivation hid are shown again.`,
  logo: msg`The logo is changed.`,
}

function Logo({ agency, onOutcome }: { agency: AgencyPageData; onOutcome: (outcome: Outcome) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [sending, setSending] = useState(false)
  const upload = async (file: File | null) => {
    if (!file) return
    setSending(true)
    try {
      const updated = await agencyActs.logo(agency._id, file)
      queryClient.setQueryData(adminKeys.agency(agency._id), updated)
      onOutcome({ ok: true, message: DONE.logo })
    } catch (error) {
      onOutcome({ ok: false, message: errorMessage(error) })
    } finally {
      setSending(false)
    }
  }
  return (
    <Group gap="md">
      <Image
        src={agency.logo}
        alt={t`Logo of ${agency.name}`}
        w={AGENCY_LOGO_WIDTH}
        h={AGENCY_LOGO_HEIGHT}
        fit="contain"
        bd="1px solid var(--mantine-color-gray-3)"
      />
      <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp,image/gif">
        {(props) => (
          <Button variant="default" loading={sending} {...props}>
            <Trans>Change the logo</Trans>
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        <Trans>
          Made {AGENCY_LOGO_WIDTH}x{AGENCY_LOGO_HEIGHT} pixels.
        </Trans>
      </Text>
    </Group>
  )
}

function Acts({ agency, onOutcome }: { agency: AgencyPageData; onOutcome: (outcome: Outcome) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const router = useRouter()
  const after = (outcome: Outcome) => {
    onOutcome(outcome)
    void queryClient.invalidateQueries({ queryKey: adminKeys.all() })
  }
  return (
    <Group gap="sm">
      {agency.state === 'suspended' ? (
        <ConfirmAct
          label={t`Reactivate`}
          question={t`Reactivate ${agency.name}? Its account can sign in again, and the listings its deactivation hid are shown again.`}
          done={DONE.reactivate}
          act={() => agencyActs.reactivate(agency._id)}
          onOutcome={after}
        />
      ) : (
        <ConfirmAct
          label={t`Deactivate`}
          color="red"
          question={t`Deactivate ${agency.name}? Its account is suspended and its listings leave the renters' side; its bookings stay with their renters.`}
          done={DONE.deactivate}
          act={() => agencyActs.deactivate(agency._id)}
          onOutcome={after}
        />
      )}
      {agency.state === 'inactive' ? (
        <ConfirmAct
          label={t`Resend the activation link`}
          question={t`Send ${agency.email} the activation link again?`}
          done={accountMessages.activationSent}
          act={() => userActs.resendActivation(agency._id)}
          onOutcome={after}
        />
      ) : null}
      <ConfirmAct
        label={t`Delete`}
        color="red"
        variant="filled"
        question={t`Delete ${agency.name} and its properties? This cannot be undone. It is refused while a booking holds one of its properties.`}
        done={msg`The agency is deleted.`}
        act={async () => {
          await agencyActs.delete(agency._id)
          queryClient.removeQueries({ queryKey: adminKeys.agency(agency._id) })
          await router.navigate({ href: '/admin/agencies' })
        }}
        onOutcome={(outcome) => (outcome.ok ? undefined : onOutcome(outcome))}
      />
    </Group>
  )
}

export function AgencyPage() {
  const { t, i18n } = useLingui()
  const { id } = useParams({ strict: false }) as { id: string }
  const queryClient = useQueryClient()
  const page = useQuery(agencyQueryOptions(id))
  const { notice, setOutcome } = useActOutcome()

  if (page.isPending)
    return (
      <Screen title={<Trans>Agency</Trans>}>
        <Loader aria-label={t`Loading`} />
      </Screen>
    )
  if (page.isError)
    return (
      <Screen title={<Trans>Agency</Trans>}>
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Trans>This agency could not be read.</Trans>
            <Button size="compact-sm" onClick={() => void page.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Group>
        </Alert>
      </Screen>
    )
  const agency = page.data
  return (
    <Screen title={agency.name}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Group gap="xs">
            <Badge color={STATE_COLORS[agency.state]} data-testid="agency-state">
              {i18n._(STATE_NAMES[agency.state])}
            </Badge>
            <Text size="sm" c="dimmed">
              <Trans>{agency.propertyCount} properties</Trans>
            </Text>
            <Anchor component={HrefLink} href={`/admin/users/${agency._id}`} size="sm">
              <Trans>Its account: sign-ins and links</Trans>
            </Anchor>
          </Group>
          <Logo agency={agency} onOutcome={setOutcome} />
        </Stack>
        <Acts agency={agency} onOutcome={setOutcome} />
        {notice}
        <Stack gap="xs" component="section" aria-labelledby="agency-edit">
          <Title order={2} size="h3" id="agency-edit">
            <Trans>Details</Trans>
          </Title>
          <AgencyFields
            key={JSON.stringify(agencyValues(agency))}
            initial={agencyValues(agency)}
            submitLabel={t`Save`}
            send={async (values) => {
              const updated = await agencyActs.update(agency._id, values)
              queryClient.setQueryData(adminKeys.agency(agency._id), updated)
              setOutcome({ ok: true, message: accountMessages.changesMade })
            }}
          />
        </Stack>
        <ActsRecord acts={agency.acts} />
      </Stack>
    </Screen>
  )
}
