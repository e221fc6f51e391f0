// The service worker's runtime caches that hold something of the person signed in (sw/sw.ts): their avatar,
// and the property details they looked at. Both go at sign-out, with the worker's expiration records.
export const PERSONAL_RUNTIME_CACHES = ['haven-avatars', 'haven-property'] as const
