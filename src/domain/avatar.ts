// Avatars: what the client may upload (checked again by the server) and what the server stores.

/** The default upload limit; the server's AVATAR_MAX_BYTES may set another. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/** Image types the server decodes. SVG is not one: it can carry scripts and external references. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const
/** Every avatar is re-encoded to a square WebP of this side. */
export const AVATAR_SIZE = 256
/** Public URL of a stored avatar file. */
export const avatarUrl = (file: string) => `/images/avatars/${file}`

/** Where to show a user's avatar from: a stored file name (under /images/avatars/), or already a URL. */
export function avatarSource(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined
  return /^(https?:)?\//.test(avatar) ? avatar : avatarUrl(encodeURIComponent(avatar))
}

/** The server's English texts for refused uploads, for the client to map to its own translations. */
export const AVATAR_MESSAGES = {
  noImage: 'Please add an image.',
  notAnImage: 'The file is not an image.',
  /** `{size}`: the limit in MB. */
  tooLarge: 'The image must not be larger than {size} MB.',
} as const
