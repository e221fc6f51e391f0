// The phone's filter sheet. Its own chunk: the drawer and its focus trap weigh ~24 KB gzip, which a desktop
// visitor (filters beside the results) never needs, and a phone only once the button is pressed.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Drawer } from '@mantine/core'
import type { ReactNode } from 'react'

import type { MatchCount } from '@/entities/property/catalog-api'

export interface FiltersDrawerProps {
  opened: boolean
  onClose: () => void
  children: ReactNode
  /** How many properties the chosen filters find; unknown while the search is on its way. */
  matches: MatchCount | undefined
}

export function FiltersDrawer({ opened, onClose, children, matches }: FiltersDrawerProps) {
  const { t, i18n } = useLingui()
  const total = matches?.total ?? 0
  const cap = i18n.number(total)
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
      {/* Held at the sheet's foot while the filters scroll, so the count is seen as each filter changes. */}
      <Box pos="sticky" bottom={0} pt="md" pb="xs" bg="var(--mantine-color-body)">
        <Button fullWidth onClick={onClose} loading={matches === undefined}>
          {matches === undefined ? (
            <Trans>Show results</Trans>
          ) : matches.capped ? (
            <Trans>Show over {cap} properties</Trans>
          ) : (
            <Plural value={total} one="Show # property" other="Show # properties" />
          )}
        </Button>
      </Box>
    </Drawer>
  )
}
