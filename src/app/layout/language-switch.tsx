import { useLingui } from '@lingui/react/macro'
import { Group, UnstyledButton } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'

import { isLanguage, LANGUAGES } from '@/domain/enums'
import { useSessionUser } from '@/entities/session/session'
import { useLanguage } from '@/i18n/language'
import { ApiError } from '@/lib/api-client'
import { switchLanguage } from '@/lib/chosen-language'
import { showToast } from '@/ui/toast'

import classes from './language-switch.module.css'

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
      ? import('@/features/settings/user-mutation-hooks').then(({ changeUserLanguage }) =>
          changeUserLanguage(queryClient, { id: user._id, language: value }),
        )
      : switchLanguage(value)
    // A refusal by the server is told by the outbox (src/offline/outbox.ts), which also undoes it.
    saved.catch((error: unknown) => (error instanceof ApiError ? undefined : onError()))
  }
  // Two plain toggle buttons: a segmented control measures its items during render to place its indicator,
  // which forced a layout on every page's first paint.
  return (
    <Group
      role="group"
      aria-label={t`Language`}
      gap={2}
      wrap="nowrap"
      className={classes.switch}
      data-full-width={fullWidth || undefined}
    >
      {LANGUAGES.map((option) => (
        <UnstyledButton
          key={option}
          lang={option}
          className={classes.option}
          aria-pressed={option === language}
          onClick={() => change(option)}
        >
          {option.toUpperCase()}
        </UnstyledButton>
      ))}
    </Group>
  )
}
