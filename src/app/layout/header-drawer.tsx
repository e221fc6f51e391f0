import { Trans, useLingui } from '@lingui/react/macro'
import { Divider, Drawer, Group, Stack, Text } from '@mantine/core'

import { InstallButton } from '@/offline/install-prompt'
import { APP_NAME } from '@/ui/brand'

import { CurrencySelect } from './currency-select'
import classes from './header.module.css'
import { LanguageSwitch } from './language-switch'
import { NavLinks } from './nav-links'
import { AccountLinks } from './user-menu'

export default function HeaderDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const close = onClose
  return (
    <Drawer
      opened={opened}
      onClose={close}
      hiddenFrom="md"
      position="right"
      size="xs"
      title={
        <Text fw={800} c="petrol.9">
          {APP_NAME}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t`Close menu` }}
    >
      {/* Any link followed closes the menu, also one to the screen's own path (Search from a search with
          filters): the header closes it only when the path changes. */}
      <Stack
        gap="md"
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) close()
        }}
      >
        <Stack component="nav" gap={2} aria-label={t`Main`}>
          <NavLinks className={classes.drawerLink} />
        </Stack>
        <Divider />
        <AccountLinks />
        <InstallButton fullWidth />
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            <Trans>Language</Trans>
          </Text>
          <LanguageSwitch />
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            <Trans>Currency</Trans>
          </Text>
          <CurrencySelect />
        </Group>
      </Stack>
    </Drawer>
  )
}
