// The phone's filter sheet. Its own chunk: the drawer and its focus trap weigh ~24 KB gzip, which a desktop
// visitor (filters beside the results) never needs, and a phone only once the button is pressed.
import { Button, Drawer } from '@mantine/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

export interface FiltersDrawerProps {
  opened: boolean
  onClose: () => void
  children: ReactNode
}

export function FiltersDrawer({ opened, onClose, children }: FiltersDrawerProps) {
  const { t } = useLingui()
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t`Filters`}
      position="bottom"
      size="90%"
      closeButtonProps={{ 'aria-label': t`Close filters` }}
    >
      {children}
      <Button fullWidth mt="lg" onClick={onClose}>
        <Trans>Show results</Trans>
      </Button>
    </Drawer>
  )
}
