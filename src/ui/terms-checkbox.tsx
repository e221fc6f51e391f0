// The Terms of Use, accepted with a sign-up and with each checkout; the link opens them in a new tab so the form
// keeps its values.
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Checkbox } from '@mantine/core'
import { Link } from '@tanstack/react-router'

import type { AppForm } from '@/ui/form'

export function TermsCheckbox<Values>({ form }: { form: AppForm<Values> }) {
  const { t } = useLingui()
  return (
    <Checkbox
      {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
      aria-label={t`I accept the Terms of Use`}
      label={
        <Trans>
          I accept the{' '}
          <Anchor component={Link} to="/tos" target="_blank">
            Terms of Use
          </Anchor>
        </Trans>
      }
    />
  )
}
