// The heart of a property card and of the property page (docs/product.md §15): a toggle button that keeps the
// property in the saved places, or lets it go. Its state shows at once, online or not (use-favourites.ts).
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, type ActionIconProps } from '@mantine/core'

import type { Property, PropertySummary } from '@/contract/catalog'
import { HeartIcon } from '@/ui/icons'

import { useFavourite } from './use-favourites'

export interface FavouriteButtonProps extends Pick<ActionIconProps, 'className' | 'size'> {
  property: PropertySummary | Property
}

export function FavouriteButton({ property, className, size = 'lg' }: FavouriteButtonProps) {
  const { t } = useLingui()
  const { saved, toggle } = useFavourite(property)
  const name = property.name
  return (
    <ActionIcon
      variant={saved ? 'filled' : 'white'}
      color={saved ? 'red' : 'dark'}
      radius="xl"
      size={size}
      className={className}
      aria-pressed={saved}
      aria-label={saved ? t`Remove ${name} from saved places` : t`Save ${name}`}
      onClick={toggle}
      data-testid="favourite-button"
    >
      <HeartIcon size={20} filled={saved} />
    </ActionIcon>
  )
}
