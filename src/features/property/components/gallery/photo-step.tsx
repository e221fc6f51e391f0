// The previous and next buttons of the gallery and of the full-screen viewer: round, 44 px or more to tap.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon } from '@mantine/core'

import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons'

export interface PhotoStepProps {
  direction: 'previous' | 'next'
  /** At the first photo there is no previous one, at the last no next one. */
  disabled: boolean
  onClick: () => void
  size?: number
  className?: string
}

export function PhotoStep({ direction, disabled, onClick, size = 44, className }: PhotoStepProps) {
  const { t } = useLingui()
  const Chevron = direction === 'previous' ? ChevronLeftIcon : ChevronRightIcon
  return (
    <ActionIcon
      className={className}
      variant="white"
      color="dark"
      radius="xl"
      size={size}
      aria-label={direction === 'previous' ? t`Previous photo` : t`Next photo`}
      disabled={disabled}
      onClick={onClick}
    >
      <Chevron size={Math.round(size / 2)} />
    </ActionIcon>
  )
}
