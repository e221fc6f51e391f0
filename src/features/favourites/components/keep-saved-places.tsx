// The offer made once a visitor who saved places on this device signs in (docs/product.md §15): keep them in
// the account (one command in the outbox, so it waits offline and is undone if the server refuses it) or forget them.
// Either way the device lets them go: from then on the account's list is the one shown. A slim strip under the
// header, loaded on demand by the layout (src/app/layout/root-layout.tsx).
import { Plural, Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'

import type { Favourite } from '@/contract/favourites'
import { clearDeviceFavourites } from '@/entities/favourite/device-favourites'
import { useKeepDevicePlaces } from '@/entities/favourite/use-favourites'
import { HeaderStrip } from '@/ui/header-strip'

export interface KeepSavedPlacesProps {
  userId: string
  places: readonly Favourite[]
}

export function KeepSavedPlaces({ userId, places }: KeepSavedPlacesProps) {
  const keep = useKeepDevicePlaces()
  const count = places.length
  const keepThem = () => {
    keep({ userId, places: [...places] })
    clearDeviceFavourites()
  }
  return (
    <HeaderStrip testId="keep-saved-places">
      <Text size="sm" fw={600}>
        <Plural
          value={count}
          one="You saved # place on this device before signing in. Keep it in your account?"
          other="You saved # places on this device before signing in. Keep them in your account?"
        />
      </Text>
      <Group gap="xs">
        <Button size="compact-sm" onClick={keepThem}>
          <Trans>Keep</Trans>
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={clearDeviceFavourites}>
          <Trans>Forget</Trans>
        </Button>
      </Group>
    </HeaderStrip>
  )
}
