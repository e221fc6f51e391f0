import { describe, expect, it } from 'vitest'

import { isPersistedQueryKey } from '@/offline/persister'

import { ratesKeys } from './rates'

describe('the exchange rates', () => {
  it('are persisted, so prices convert offline', () => {
    expect(isPersistedQueryKey(ratesKeys.all())).toBe(true)
  })
})
