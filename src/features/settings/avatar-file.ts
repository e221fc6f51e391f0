// The avatar file the user picks, checked on the device before it is uploaded (./api.ts `uploadAvatar`); the
// server checks it again.
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@/domain/avatar'

export type AvatarProblem = 'noImage' | 'notAnImage' | 'tooLarge'

/** The client's own check before uploading (the server checks again). */
export function checkAvatarFile(
  file: File | null | undefined,
  maxBytes = AVATAR_MAX_BYTES,
): AvatarProblem | null {
  if (!file) return 'noImage'
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'notAnImage'
  if (file.size > maxBytes) return 'tooLarge'
  return null
}
