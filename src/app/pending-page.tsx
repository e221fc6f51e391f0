import { useLingui } from '@lingui/react/macro'
import { Center, Loader } from '@mantine/core'

/** Shown in place of a screen whose code or data takes longer than a second (the top bar shows before). */
export function PendingPage() {
  const { t } = useLingui()
  return (
    <Center py={96}>
      <Loader type="dots" aria-label={t`Loading`} />
    </Center>
  )
}
