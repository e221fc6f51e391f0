// Creating an agency: its account gets an activation e-mail to choose its password, then the agency's page
// opens, where its logo is added.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'

import { Screen } from '@/ui/screen'
import { showToast } from '@/ui/toast'

import { AgencyFields, EMPTY_AGENCY } from './agency-form'
import { adminKeys, agencyActs } from './api'

export function NewAgencyPage() {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  return (
    <Screen
      title={<Trans>Create an agency</Trans>}
      lead={
        <Trans>
          Its account gets an activation e-mail to choose its password and sign in to the back office.
        </Trans>
      }
    >
      <AgencyFields
        initial={EMPTY_AGENCY}
        submitLabel={t`Create the agency`}
        send={async (values) => {
          const agency = await agencyActs.create(values)
          queryClient.setQueryData(adminKeys.agency(agency._id), agency)
          showToast({ color: 'green', message: t`The agency is created, and its activation e-mail sent.` })
          await router.navigate({ href: `/admin/agencies/${agency._id}` })
        }}
      />
    </Screen>
  )
}
