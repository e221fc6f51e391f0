import { lazy, Suspense } from 'react'

import { TOAST_DURATION_MS } from '@/domain/constants'

import { useToastHostWanted } from './toast'
import classes from './toast-host.module.css'

const Notifications = lazy(async () => {
  const [{ Notifications }] = await Promise.all([
    import('@mantine/notifications'),
    import('@mantine/notifications/styles.css'),
  ])
  return { default: Notifications }
})

/** Mounts Mantine's notification container the first time a toast is shown (see toast.ts). */
export function ToastHost() {
  const wanted = useToastHostWanted()
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Notifications
        autoClose={TOAST_DURATION_MS}
        position="top-right"
        zIndex={1000}
        classNames={{ root: classes.root }}
      />
    </Suspense>
  )
}
