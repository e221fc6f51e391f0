// A property's photos: a strip that swipes (CSS scroll snap, no carousel library in the property's first
// load), previous/next buttons, thumbnails that name their photo, and a full-screen viewer fetched when it
// is first opened. The first photo is the page's largest paint: fetched first, never lazily.
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, UnstyledButton } from '@mantine/core'
import { lazy, Suspense, useRef, useState } from 'react'

import type { Property, PropertyImage } from '@/contract/catalog'
import { PROPERTY_IMAGE, PROPERTY_IMAGE_LARGE } from '@/domain/constants'
import { ExpandIcon } from '@/ui/icons'

import { PhotoStep } from './photo-step'
import classes from './property-gallery.module.css'

const PhotoViewer = lazy(() => import('./photo-viewer'))

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

export function PropertyGallery({ property }: { property: Pick<Property, 'name' | 'image' | 'images'> }) {
  const { t } = useLingui()
  const strip = useRef<HTMLDivElement>(null)
  const fullScreenButton = useRef<HTMLButtonElement>(null)
  const [current, setCurrent] = useState(0)
  /** The photo the full-screen viewer opened on, while it is open. */
  const [viewingFrom, setViewingFrom] = useState<number | null>(null)
  /** The photo a button asked for, while the strip scrolls to it: the photos it passes are not "shown". */
  const scrollingTo = useRef<number | null>(null)
  const photos: PropertyImage[] = property.images.length
    ? property.images
    : [{ small: property.image, large: property.image }]
  const total = photos.length
  const name = property.name

  const show = (index: number) => {
    const element = strip.current
    const next = Math.min(Math.max(index, 0), total - 1)
    setCurrent(next)
    scrollingTo.current = next
    element?.scrollTo({
      left: next * element.clientWidth,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    })
  }
  // A swipe (or the arrow keys on the focused strip) scrolls it: the photo shown follows the scroll. A scroll
  // that a button started goes smoothly past other photos on its way; those are not shown (the thumbnails
  // and the full-screen button would flicker through them) until it arrives, or the renter takes over.
  const followScroll = () => {
    const element = strip.current
    if (!element || element.clientWidth === 0) return
    const shown = Math.min(Math.max(Math.round(element.scrollLeft / element.clientWidth), 0), total - 1)
    if (scrollingTo.current !== null) {
      if (shown !== scrollingTo.current) return
      scrollingTo.current = null
    }
    if (shown !== current) setCurrent(shown)
  }
  // The renter's own swipe, wheel or key ends that: the photo shown follows their scroll again.
  const takeOver = () => {
    scrollingTo.current = null
  }
  const closeViewer = (at: number) => {
    setViewingFrom(null)
    show(at)
    fullScreenButton.current?.focus()
  }

  return (
    <div className={classes.gallery}>
      <div className={classes.stage}>
        <div
          ref={strip}
          className={classes.strip}
          onScroll={followScroll}
          onPointerDown={takeOver}
          onWheel={takeOver}
          onKeyDown={takeOver}
          // Scrollable by keyboard as well as by touch.
          tabIndex={0}
          role="group"
          aria-label={t`Photos of ${name}`}
          data-testid="gallery-strip"
        >
          {photos.map((photo, index) => (
            <img
              key={`${photo.large}-${index}`}
              className={classes.slide}
              src={photo.large}
              alt={t`${name}, photo ${index + 1} of ${total}`}
              width={PROPERTY_IMAGE_LARGE.width}
              height={PROPERTY_IMAGE_LARGE.height}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              aria-hidden={index === current ? undefined : true}
              data-current={index === current || undefined}
            />
          ))}
        </div>
        {total > 1 ? (
          <>
            <PhotoStep
              direction="previous"
              className={`${classes.control} ${classes.previous}`}
              disabled={current === 0}
              onClick={() => show(current - 1)}
            />
            <PhotoStep
              direction="next"
              className={`${classes.control} ${classes.next}`}
              disabled={current === total - 1}
              onClick={() => show(current + 1)}
            />
            <span className={classes.counter} aria-hidden="true">
              {current + 1} / {total}
            </span>
          </>
        ) : null}
        <ActionIcon
          ref={fullScreenButton}
          className={`${classes.control} ${classes.expand}`}
          variant="white"
          color="dark"
          radius="xl"
          size={44}
          aria-label={t`View photo ${current + 1} of ${total} full screen`}
          aria-haspopup="dialog"
          onClick={() => setViewingFrom(current)}
        >
          <ExpandIcon size={20} />
        </ActionIcon>
      </div>
      {total > 1 ? (
        <ul className={classes.thumbnails} aria-label={t`Photos`}>
          {photos.map((photo, index) => (
            <li key={`${photo.small}-${index}`}>
              <UnstyledButton
                className={classes.thumbnail}
                onClick={() => show(index)}
                aria-label={t`Photo ${index + 1} of ${total}`}
                aria-current={index === current}
              >
                <img
                  src={photo.small}
                  alt=""
                  width={PROPERTY_IMAGE.width}
                  height={PROPERTY_IMAGE.height}
                  loading="lazy"
                />
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}
      {viewingFrom !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer name={name} photos={photos} start={viewingFrom} onClose={closeViewer} />
        </Suspense>
      ) : null}
    </div>
  )
}
