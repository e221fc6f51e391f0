// The stored user as the app reads it: only a user of the shape the app expects, whatever the device holds.
import { describe, expect, it } from 'vitest'

import { ADA } from '@/test/users'

import { readSessionUser } from './session'

describe('the stored user', () => {
  it('is a visitor when the entry holds a user of the wrong types, rather than handing them to the screens', () => {
    // The header's menu takes the name's first letter (`fullName.trim()`): a number there threw.
    window.localStorage.setItem('user', JSON.stringify({ ...ADA, fullName: 42 }))
    expect(readSessionUser()).toBeNull()
    expect(window.localStorage.getItem('user')).toBeNull()
  })

  it('of the first builds (no language or flags yet) is read with the defaults', () => {
    window.localStorage.setItem(
      'user',
      JSON.stringify({ _id: '7', email: 'ada@example.com', fullName: 'Ada Lovelace', language: 'de' }),
    )
    expect(readSessionUser()).toEqual({ ...ADA, language: 'en' })
  })
})
