import { SegmentedControl } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'

import { isLanguage } from '@/domain/enums'
import { switchLanguage, useLanguage } from '@/i18n/language'
import { showToast } from '@/lib/toast'

export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useLingui()
  const language = useLanguage()
  const change = (value: string) => {
    if (!isLanguage(value) || value === language) return
    switchLanguage(value).catch(() => {
      showToast({ color: 'red', message: t`An error occurred while changing language.` })
    })
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
