// The service worker's runtime caches that hold something of the person signed in (sw/sw.ts): their avatar,
// and the property details they looked at. Both go at sign-out, with the worker's expiration records.
export const PERSONAL_RUNTIME_CACHES = ['haven-avatars', 'haven-property'] as const

/**
 * Property, agency and place images. Shared, but the photos of the properties one opened or found trace the
 * person as their details do: at sign-out this cache keeps only the images of what the device keeps for the
 * next person (the visitor's queries), so that the app still shows them offline.
 */
export const IMAGES_CACHE = 'haven-images'

const IMAGE_PATH = /\/images\/[^"'\s<>()?#\\]+/g

/** The image paths (`/images/…`) a text names: a query's data as JSON. */
export function imagePathsIn(text: string): string[] {
  return [...new Set(text.match(IMAGE_PATH))]
}
