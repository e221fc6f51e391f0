import { AGENCY_IMAGE } from '@/domain/constants'

import classes from './agency-logo.module.css'

/**
 * An agency's logo beside its name, which says who it is (so the image's text is empty). Lazy wherever it is:
 * never the page's largest paint, and React's server rendering preloads, in the page's head, every image
 * that is not lazy.
 */
export function AgencyLogo({ src }: { src: string }) {
  return (
    <img
      src={src}
      alt=""
      width={AGENCY_IMAGE.width}
      height={AGENCY_IMAGE.height}
      loading="lazy"
      className={classes.logo}
    />
  )
}
