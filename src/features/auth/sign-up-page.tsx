import { Trans } from '@lingui/react/macro'

import { Screen, Upcoming } from '@/lib/screen'

export function SignUpPage() {
  return (
    <Screen
      size="sm"
      title={<Trans>Create an account</Trans>}
      lead={<Trans>Sign up to book properties and keep track of your stays.</Trans>}
    >
      <Upcoming
        items={[
          <Trans key="yournameemai">
            Your name, e-mail address, phone number and date of birth (you must be at least 21 years old).
          </Trans>,
          <Trans key="apasswordofa">
            A password of at least 6 characters, and the Terms of Use to accept.
          </Trans>,
          <Trans key="anemailthena">An e-mail then asks you to activate your account.</Trans>,
        ]}
      />
    </Screen>
  )
}
