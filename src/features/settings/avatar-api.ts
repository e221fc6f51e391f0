// Avatar calls (SPEC §7): POST /api/update-avatar/{id} (multipart, one image) and POST /api/delete-avatar/{id}.
// Each answers with the user. apiFetch sends JSON only, so the upload posts its FormData here, with the same
// error shapes (ApiError for an answer, NetworkError for none).
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@/domain/avatar'
import { ApiError, apiFetch, NetworkError } from '@/lib/api-client'
import type { SessionUser } from '@/lib/session'

const segment = (value: string) => encodeURIComponent(value)

export async function uploadAvatar(id: string, file: Blob, name = 'avatar'): Promise<SessionUser> {
  const body = new FormData()
  body.append('image', file, name)
  let response: Response
  try {
    response = await fetch(`/api/update-avatar/${segment(id)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body,
    })
  } catch (error) {
    throw new NetworkError({ cause: error })
  }
  let payload: unknown
  try {
    const text = await response.text()
    payload = text ? JSON.parse(text) : undefined
  } catch {
    payload = undefined
  }
  if (!response.ok) {
    const error = payload as { error?: unknown; message?: unknown } | undefined
    if (typeof error?.error === 'string' && typeof error.message === 'string') {
      throw new ApiError(response.status, error.error, error.message)
    }
    if (response.status >= 502 && response.status <= 504) throw new NetworkError()
    throw new ApiError(response.status, 'unknown', response.statusText || `HTTP ${response.status}`)
  }
  return payload as SessionUser
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
