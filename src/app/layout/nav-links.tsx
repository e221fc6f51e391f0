import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

export function NavLinks({ className }: { className?: string }) {
  return (
    <>
      <Link to="/search" className={className}>
        <Trans>Search</Trans>
      </Link>
      <Link to="/destinations" className={className}>
        <Trans>Destinations</Trans>
      </Link>
      <Link to="/agencies" className={className}>
        <Trans>Agencies</Trans>
      </Link>
      <Link to="/favourites" className={className}>
        <Trans>Saved</Trans>
      </Link>
      <Link to="/bookings" className={className}>
        <Trans>Bookings</Trans>
      </Link>
    </>
  )
}
