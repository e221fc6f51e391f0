// Avatar calls (docs/product.md §13): POST /api/update-avatar/{id} (multipart, one image) and POST
// /api/delete-avatar/{id}. Each answers with the user.
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@/domain/avatar'
import { apiFetch } from '@/lib/api-client'
import type { SessionUser } from '@/lib/session'

const segment = (value: string) => encodeURIComponent(value)

export function uploadAvatar(id: string, file: Blob, name = 'avatar'): Promise<SessionUser> {
  const body = new FormData()
  body.append('image', file, name)
  return apiFetch<SessionUser>(`/api/update-avatar/${segment(id)}`, { method: 'POST', body })
}

export const deleteAvatar = (id: string) =>
  apiFetch<SessionUser>(`/api/delete-avatar/${segment(id)}`, { method: 'POST' })

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
