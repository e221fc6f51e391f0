// One photo at a time, full screen: fetched with its chunk the first time a renter opens it (property-
// gallery.tsx). Escape or the close button closes it; the arrow keys and the buttons move between photos.
import { useLingui } from '@lingui/react/macro'
import { Group, Modal, Text } from '@mantine/core'
import { type KeyboardEvent, useState } from 'react'

import type { PropertyImage } from '@/contract/catalog'
import { PROPERTY_IMAGE_LARGE } from '@/domain/constants'

import { PhotoStep } from './photo-step'
import classes from './photo-viewer.module.css'

export interface PhotoViewerProps {
  name: string
  photos: PropertyImage[]
  start: number
  /** With the photo shown last, so the page's gallery can show the same. */
  onClose: (current: number) => void
}

export default function PhotoViewer({ name, photos, start, onClose }: PhotoViewerProps) {
  const { t } = useLingui()
  const [current, setCurrent] = useState(start)
  const total = photos.length
  const photo = photos[current] ?? photos[0]
  const go = (index: number) => setCurrent(Math.min(Math.max(index, 0), total - 1))
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(current - 1)
    else if (event.key === 'ArrowRight') go(current + 1)
  }

  return (
    <Modal
      opened
      onClose={() => onClose(current)}
      fullScreen
      title={t`Photo ${current + 1} of ${total}`}
      closeButtonProps={{ 'aria-label': t`Close`, size: 44 }}
      classNames={{
        content: classes.content,
        body: classes.body,
        header: classes.header,
        close: classes.close,
      }}
      transitionProps={{ duration: 0 }}
      onKeyDown={onKeyDown}
    >
      <img
        className={classes.photo}
        src={photo?.large}
        alt={t`${name}, photo ${current + 1} of ${total}`}
        width={PROPERTY_IMAGE_LARGE.width}
        height={PROPERTY_IMAGE_LARGE.height}
      />
      {total > 1 ? (
        <Group justify="center" gap="lg" className={classes.controls}>
          <PhotoStep
            direction="previous"
            size={48}
            disabled={current === 0}
            onClick={() => go(current - 1)}
          />
          <Text c="white" fw={600} aria-hidden="true">
            {current + 1} / {total}
          </Text>
          <PhotoStep
            direction="next"
            size={48}
            disabled={current === total - 1}
            onClick={() => go(current + 1)}
          />
        </Group>
      ) : null}
    </Modal>
  )
}
