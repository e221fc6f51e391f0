// After a change of language offline, a read saved in the other language is shown (marked) instead of
// "not saved on this device".
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'

import { inLanguage, useAnotherLanguageWhileMissing } from './other-language'

afterEach(() => onlineManager.setOnline(true))

describe('reads saved in another language', () => {
  it('finds the key in the other language, as an element or as a filters object', () => {
    expect(inLanguage(['booking', '15', 'en'], 'en', 'fr')).toEqual(['booking', '15', 'fr'])
    expect(inLanguage(['bookings', { userId: '9', size: 20, language: 'fr' }], 'fr', 'en')).toEqual([
      'bookings',
      { userId: '9', size: 20, language: 'en' },
    ])
  })

  it('offline, shows the copy saved in the other language, with when it was read', async () => {
    onlineManager.setOnline(false)
    const queryClient = new QueryClient({ defaultOptions: { queries: { networkMode: 'offlineFirst' } } })
    queryClient.setQueryData(['booking', '15', 'en'], { status: 'Paid' }, { updatedAt: 1_000 })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(
      () => {
        const queryKey = ['booking', '15', 'fr']
        const another = useAnotherLanguageWhileMissing<{ status: string }>(queryKey, 'fr')
        const query = useQuery({
          queryKey,
          queryFn: (): Promise<{ status: string }> => Promise.reject(new TypeError('Failed to fetch')),
          placeholderData: another.placeholderData,
          retry: false,
        })
        return { query, savedAt: another.savedAt }
      },
      { wrapper },
    )
    await waitFor(() => expect(result.current.query.data).toEqual({ status: 'Paid' }))
    expect(result.current.query.isPlaceholderData).toBe(true)
    expect(result.current.savedAt).toBe(1_000)
  })
})
