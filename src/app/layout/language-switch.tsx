import { SegmentedControl } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'

import { isLanguage } from '@/domain/enums'
import { switchLanguage, useLanguage } from '@/i18n/language'
import { useSessionUser } from '@/lib/session'
import { showToast } from '@/lib/toast'

export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useLingui()
  const language = useLanguage()
  const user = useSessionUser()
  const queryClient = useQueryClient()
  const onError = () => showToast({ color: 'red', message: t`An error occurred while changing language.` })
  const change = (value: string) => {
    if (!isLanguage(value) || value === language) return
    // Signed in, the language is the user's own (POST /api/update-language), which also switches the UI;
    // a visitor's choice is only remembered on the device.
    // The optimistic update's code loads on first use, not with every page.
    const saved = user
      ? import('@/features/settings/user-mutations').then(({ changeUserLanguage }) =>
          changeUserLanguage(queryClient, { id: user._id, language: value }),
        )
      : switchLanguage(value)
    saved.catch(onError)
  }
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={language}
      onChange={change}
      fullWidth={fullWidth}
      aria-label={t`Language`}
      data={[
        { value: 'en', label: <span lang="en">EN</span> },
        { value: 'fr', label: <span lang="fr">FR</span> },
      ]}
    />
  )
}
