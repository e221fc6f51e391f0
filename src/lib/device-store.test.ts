// The device store: what a read gives for whatever the device holds, what a write keeps, what sign-out forgets.
import { describe, expect, it, vi } from 'vitest'

import { ADA } from '@/test/users'

import {
  DEVICE_ENTRIES,
  type DeviceEntry,
  forgetAtSignOut,
  queueMirror,
  readDevice,
  removeDevice,
  subscribeDevice,
  writeDevice,
} from './device-store'

const place = {
  property: {
    _id: 'p1',
    name: 'Sea view',
    type: 'APARTMENT',
    rentalTerm: 'DAILY',
    price: 120,
    bedrooms: 2,
    bathrooms: 1,
    size: null,
    available: true,
    soldOut: false,
    image: '/images/p1.jpg',
    agency: { _id: 'a1', name: 'Agency', image: '/images/a1.png' },
    location: { _id: 'l1', name: 'Nice' },
    latitude: null,
    longitude: null,
  },
  savedAt: '2026-12-01T00:00:00.000Z',
} as const

const queuedWrite = {
  mutationKey: ['user', 'language'],
  state: { status: 'pending', isPaused: true, variables: { language: 'fr' }, submittedAt: 1 },
}

/** A value of today's shape for each entry, and the text it is stored as. */
const examples: { key: string; entry: DeviceEntry<unknown, unknown>; value: unknown; text: string }[] = [
  { key: DEVICE_ENTRIES.user.key, entry: DEVICE_ENTRIES.user, value: ADA, text: JSON.stringify(ADA) },
  { key: DEVICE_ENTRIES.stayConnected.key, entry: DEVICE_ENTRIES.stayConnected, value: true, text: 'true' },
  { key: DEVICE_ENTRIES.language.key, entry: DEVICE_ENTRIES.language, value: 'fr', text: 'fr' },
  { key: DEVICE_ENTRIES.currency.key, entry: DEVICE_ENTRIES.currency, value: 'EUR', text: 'EUR' },
  {
    key: DEVICE_ENTRIES.savedPlaces.key,
    entry: DEVICE_ENTRIES.savedPlaces,
    value: [place],
    text: JSON.stringify([place]),
  },
  {
    key: DEVICE_ENTRIES.afterActivation.key,
    entry: DEVICE_ENTRIES.afterActivation,
    value: { email: 'a@b.c', path: '/checkout?p=1' },
    text: '{"email":"a@b.c","path":"/checkout?p=1"}',
  },
  {
    key: DEVICE_ENTRIES.checkoutReturn.key,
    entry: DEVICE_ENTRIES.checkoutReturn,
    value: '/checkout?p=1',
    text: '/checkout?p=1',
  },
  {
    key: queueMirror('7').key,
    entry: queueMirror('7'),
    value: [queuedWrite],
    text: JSON.stringify([queuedWrite]),
  },
]

const storageOf = (entry: DeviceEntry<unknown, unknown>) =>
  entry.area === 'local' ? window.localStorage : window.sessionStorage

describe('each entry', () => {
  it.each(examples)(
    '$key: a write then a read give the value back, stored as every build wrote it',
    ({ entry, value, text }) => {
      expect(writeDevice(entry, value)).toBe(true)
      const stored = storageOf(entry).getItem(entry.key)
      // Bare text for the SPEC's keys; JSON, in any order of its fields, for the rest.
      if (entry.format === 'text') expect(stored).toBe(text)
      else expect(JSON.parse(stored!)).toEqual(JSON.parse(text))
      expect(readDevice(entry)).toEqual(value)
      removeDevice(entry)
      expect(readDevice(entry)).toBe(entry.fallback)
    },
  )

  it.each(examples)('$key: garbage reads as the default, and is removed', ({ entry }) => {
    for (const garbage of ['{', 'null', '42', '"x"', '{"_id": 7}', 'undefined', '[null]']) {
      storageOf(entry).setItem(entry.key, garbage)
      expect(readDevice(entry)).toBe(entry.fallback)
      expect(storageOf(entry).getItem(entry.key)).toBeNull()
    }
  })

  it.each(examples)('$key: a value of another shape is not written', ({ entry }) => {
    expect(writeDevice(entry, { unexpected: true } as never)).toBe(false)
    expect(storageOf(entry).getItem(entry.key)).toBeNull()
  })
})

describe('the stored user', () => {
  it('of the first builds (language unknown, no flags) is upgraded to today’s shape and written back', () => {
    window.localStorage.setItem(
      'user',
      JSON.stringify({ _id: '7', email: 'ada@example.com', fullName: 'Ada Lovelace', language: 'de' }),
    )
    const upgraded = { ...ADA, language: 'en' }
    expect(readDevice(DEVICE_ENTRIES.user)).toEqual(upgraded)
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(upgraded)
  })

  it('of wrong types is dropped, even with an id: the header would have thrown on a name that is no text', () => {
    window.localStorage.setItem('user', JSON.stringify({ ...ADA, fullName: 42 }))
    expect(readDevice(DEVICE_ENTRIES.user)).toBeNull()
    expect(window.localStorage.getItem('user')).toBeNull()
  })

  it('is the same object from one read to the next until it changes', () => {
    writeDevice(DEVICE_ENTRIES.user, ADA)
    const first = readDevice(DEVICE_ENTRIES.user)
    expect(readDevice(DEVICE_ENTRIES.user)).toBe(first)
    writeDevice(DEVICE_ENTRIES.user, { ...ADA, fullName: 'Ada King' })
    expect(readDevice(DEVICE_ENTRIES.user)).not.toBe(first)
  })
})

describe("a visitor's saved places", () => {
  it('keep those that read when one does not', () => {
    window.localStorage.setItem(
      'saved-places',
      JSON.stringify([place, { property: { _id: 'p2' }, savedAt: 'x' }]),
    )
    expect(readDevice(DEVICE_ENTRIES.savedPlaces)).toEqual([place])
  })
})

describe('a change', () => {
  it('is told to those listening to its key, and not to others', () => {
    const onLanguage = vi.fn()
    const onCurrency = vi.fn()
    const stop = [
      subscribeDevice(DEVICE_ENTRIES.language, onLanguage),
      subscribeDevice(DEVICE_ENTRIES.currency, onCurrency),
    ]
    writeDevice(DEVICE_ENTRIES.language, 'fr')
    removeDevice(DEVICE_ENTRIES.language)
    expect(onLanguage).toHaveBeenCalledTimes(2)
    expect(onCurrency).not.toHaveBeenCalled()
    for (const unsubscribe of stop) unsubscribe()
  })
})

describe('sign-out', () => {
  it("forgets the person's entries, their queue's copy and all of session storage; keeps the device's", () => {
    for (const { entry, value } of examples) writeDevice(entry, value)
    writeDevice(queueMirror('8'), [queuedWrite])
    window.sessionStorage.setItem('a-payment-provider', 'x')

    forgetAtSignOut('7')

    const left = examples.filter(({ entry }) => storageOf(entry).getItem(entry.key) !== null)
    expect(left.map(({ key }) => key)).toEqual(['language', 'currency', 'saved-places', 'after-activation'])
    expect(left.every(({ entry }) => entry.atSignOut === 'keep')).toBe(true)
    // Another user's queue waits for them.
    expect(readDevice(queueMirror('8'))).toEqual([queuedWrite])
    expect(window.sessionStorage.length).toBe(0)
  })
})
