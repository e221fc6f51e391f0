import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'

import classes from './route-progress.module.css'

/** The thin bar at the top while a screen's code or data loads (docs/product.md §4). */
export function RouteProgress() {
  const { t } = useLingui()
  const loading = useRouterState({ select: (state) => state.isLoading || state.status === 'pending' })
  return (
    <div
      className={classes.bar}
      data-active={loading || undefined}
      role="progressbar"
      aria-label={t`Loading page`}
      aria-hidden={!loading}
      aria-busy={loading}
    />
  )
}
