import { describe, expect, it } from 'vitest'

import { AVATAR_MAX_BYTES } from '@/domain/avatar'
import { ApiError } from '@/lib/api-client'

import { checkAvatarFile } from './avatar-file'
import { problemOf } from './avatar-section'

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'picture', { type })

describe('checkAvatarFile', () => {
  it('asks for an image when none is chosen', () => {
    expect(checkAvatarFile(null)).toBe('noImage')
  })
  it('refuses what is not one of the accepted image types (SVG included)', () => {
    expect(checkAvatarFile(file('image/svg+xml', 10))).toBe('notAnImage')
    expect(checkAvatarFile(file('text/plain', 10))).toBe('notAnImage')
  })
  it('refuses a file over the limit and accepts one at it', () => {
    expect(checkAvatarFile(file('image/png', 11), 10)).toBe('tooLarge')
    expect(checkAvatarFile(file('image/png', 10), 10)).toBeNull()
    expect(checkAvatarFile(file('image/webp', 1000))).toBeNull()
  })
})

describe('problemOf', () => {
  it("maps the server's texts to the client's", () => {
    expect(problemOf(new ApiError(400, 'no_image', 'any English text'))).toEqual({ kind: 'noImage' })
    expect(problemOf(new ApiError(400, 'not_an_image', 'any English text'))).toEqual({
      kind: 'notAnImage',
    })
  })
  it('reads the limit from a 413', () => {
    expect(problemOf(new ApiError(413, 'too_large', 'The image must not be larger than 2.5 MB.'))).toEqual({
      kind: 'tooLarge',
      size: 2.5,
    })
    expect(problemOf(new ApiError(413, 'too_large', 'Payload too large'))).toEqual({
      kind: 'tooLarge',
      size: AVATAR_MAX_BYTES / 1024 / 1024,
    })
  })
  it('falls back to the generic message', () => {
    expect(problemOf(new Error('boom')).kind).toBe('other')
  })
})
