// The device store: what a read gives for whatever the device holds, what a write keeps, what sign-out forgets.
import { describe, expect, it, vi } from 'vitest'

import { CURRENCIES, LANGUAGES, PROPERTY_TYPES, RENTAL_TERMS, USER_TYPES } from '@/domain/enums'
import { z } from '@/domain/zod-mini'
import { summary } from '@/test/catalog'
import { ADA } from '@/test/users'

import {
  DEVICE_ENTRIES,
  type DeviceEntry,
  fits,
  forgetAtSignOut,
  queueMirror,
  readDevice,
  removeDevice,
  subscribeDevice,
  writeDevice,
} from './device-store'

const place = { property: summary('p1', 'Sea view', { size: null }), savedAt: '2026-12-01T00:00:00.000Z' }

const queuedWrite = {
  mutationKey: ['user', 'language'],
  state: { status: 'pending', isPaused: true, variables: { language: 'fr' }, submittedAt: 1 },
}

type AnyEntry = DeviceEntry<unknown, unknown>

/** A value of today's shape for an entry, and the text it is stored as. */
const example = <T, D>(entry: DeviceEntry<T, D>, value: T, text: string) => ({
  key: entry.key,
  entry: entry as unknown as AnyEntry,
  value,
  text,
})

const examples = [
  example(DEVICE_ENTRIES.user, ADA, JSON.stringify(ADA)),
  example(DEVICE_ENTRIES.stayConnected, true, 'true'),
  example(DEVICE_ENTRIES.language, 'fr', 'fr'),
  example(DEVICE_ENTRIES.currency, 'EUR', 'EUR'),
  example(DEVICE_ENTRIES.savedPlaces, [place], JSON.stringify([place])),
  example(
    DEVICE_ENTRIES.afterActivation,
    { email: 'a@b.c', path: '/checkout?p=1' },
    '{"email":"a@b.c","path":"/checkout?p=1"}',
  ),
  example(DEVICE_ENTRIES.checkoutReturn, '/checkout?p=1', '/checkout?p=1'),
  example(queueMirror('7'), [queuedWrite], JSON.stringify([queuedWrite])),
]

const storageOf = (entry: AnyEntry) => (entry.session ? window.sessionStorage : window.localStorage)

describe('each entry', () => {
  it.each(examples)(
    '$key: a write then a read give the value back, stored as every build wrote it',
    ({ entry, value, text }) => {
      expect(writeDevice(entry, value)).toBe(true)
      const stored = storageOf(entry).getItem(entry.key)
      // A string as it is (the SPEC's keys); JSON, in any order of its fields, for the rest.
      if (typeof value === 'string') expect(stored).toBe(text)
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
    expect(left.every(({ entry }) => !entry.forget)).toBe(true)
    // Another user's queue waits for them.
    expect(readDevice(queueMirror('8'))).toEqual([queuedWrite])
    expect(window.sessionStorage.length).toBe(0)
  })
})

// The checks are written by hand, to keep a schema library out of the first load: here each is held to a
// zod/mini schema of the shape it means, on its example and on that example with each part, however deep,
// left out or replaced by a value of another type.
describe('each check', () => {
  const optionalText = z.optional(z.nullable(z.string()))
  const userSchema = z.object({
    _id: z.string().check(z.minLength(1)),
    email: z.string(),
    fullName: z.string(),
    language: z.enum(LANGUAGES),
    enableEmailNotifications: z.boolean(),
    blacklisted: z.boolean(),
    phone: optionalText,
    birthDate: optionalText,
    bio: optionalText,
    avatar: optionalText,
    type: z.optional(z.enum(USER_TYPES)),
    hasPassword: z.optional(z.boolean()),
    activated: z.optional(z.boolean()),
  })
  const firstBuildsUserSchema = z.looseObject({
    _id: z.string().check(z.minLength(1)),
    email: z.string(),
    fullName: z.string(),
  })
  const savedPlaceSchema = z.object({
    property: z.object({
      _id: z.string(),
      name: z.string(),
      type: z.enum(PROPERTY_TYPES),
      rentalTerm: z.enum(RENTAL_TERMS),
      price: z.number(),
      bedrooms: z.number(),
      bathrooms: z.number(),
      size: z.nullable(z.number()),
      available: z.boolean(),
      soldOut: z.boolean(),
      image: z.string(),
      agency: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
      location: z.object({ _id: z.string(), name: z.string() }),
      latitude: z.nullable(z.number()),
      longitude: z.nullable(z.number()),
    }),
    savedAt: z.string(),
  })
  const queuedWriteSchema = z.looseObject({
    mutationKey: z.optional(z.array(z.unknown())),
    state: z.looseObject({ submittedAt: z.optional(z.number()) }),
  })
  const fullUser = {
    ...ADA,
    phone: '+33 1 23',
    birthDate: null,
    bio: 'x',
    avatar: null,
    type: 'USER',
    hasPassword: true,
    activated: false,
  }

  const cases: { name: string; shape: unknown; schema: z.ZodMiniType; example: unknown }[] = [
    { name: 'user', shape: DEVICE_ENTRIES.user.shape, schema: userSchema, example: fullUser },
    {
      name: 'user of the first builds',
      shape: DEVICE_ENTRIES.user.older![0]!.shape,
      schema: firstBuildsUserSchema,
      example: { _id: '7', email: 'a@b.c', fullName: 'Ada', language: 'de' },
    },
    { name: 'stay-connected', shape: DEVICE_ENTRIES.stayConnected.shape, schema: z.boolean(), example: true },
    { name: 'language', shape: DEVICE_ENTRIES.language.shape, schema: z.enum(LANGUAGES), example: 'fr' },
    { name: 'currency', shape: DEVICE_ENTRIES.currency.shape, schema: z.enum(CURRENCIES), example: 'EUR' },
    {
      name: 'saved places',
      shape: DEVICE_ENTRIES.savedPlaces.shape,
      schema: z.array(savedPlaceSchema),
      example: [
        place,
        { ...place, property: { ...place.property, size: 40, latitude: 43.7, longitude: 7.2 } },
      ],
    },
    {
      name: 'after-activation',
      shape: DEVICE_ENTRIES.afterActivation.shape,
      schema: z.object({ email: z.string(), path: z.string() }),
      example: { email: 'a@b.c', path: '/checkout?p=1' },
    },
    {
      name: 'checkout return',
      shape: DEVICE_ENTRIES.checkoutReturn.shape,
      schema: z.string().check(z.startsWith('/checkout?')),
      example: '/checkout?p=1',
    },
    {
      name: 'queue copy',
      shape: queueMirror('7').shape,
      schema: z.array(queuedWriteSchema),
      example: [queuedWrite, { state: {} }],
    },
  ]

  const others: unknown[] = [
    undefined,
    null,
    0,
    -1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    'x',
    '/checkout',
    'fr',
    'USD',
    'USER',
    'APARTMENT',
    true,
    false,
    [],
    [null],
    {},
  ]

  /** The example, and the example with one part, however deep, left out or replaced by another value. */
  function variants(example: unknown): unknown[] {
    const found: unknown[] = [example, ...others]
    if (Array.isArray(example)) {
      example.forEach((item, index) => {
        for (const variant of variants(item)) found.push(example.with(index, variant))
        found.push(example.toSpliced(index, 1))
      })
    } else if (example && typeof example === 'object') {
      for (const [name, value] of Object.entries(example)) {
        for (const variant of variants(value)) found.push({ ...example, [name]: variant })
        const { [name]: _left, ...rest } = example as Record<string, unknown>
        found.push(rest)
      }
    }
    return found
  }

  it.each(cases)('$name: agrees with its zod/mini schema', ({ shape, schema, example }) => {
    const is = (value: unknown) => fits(value, shape)
    const tried = variants(example)
    const disagreements = tried.filter((value) => is(value) !== schema.safeParse(value).success)
    expect(disagreements).toEqual([])
    // The variants reach both answers.
    expect(tried.some((value) => is(value))).toBe(true)
    expect(tried.some((value) => !is(value))).toBe(true)
  })
})
