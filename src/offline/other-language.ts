// Reads written in the interface language (a booking, a property, the bookings list) are saved per language.
// After a change of language with no server to answer, the copy saved in the other language is shown, marked,
// rather than "not saved on this device": the renter's booking is on the device, only its words differ.
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query'

import { type Language, LANGUAGES } from '@/domain/enums'

/**
 * The same read's key in another language: the language is an element of the key, or the `language` of a
 * filters object in it.
 */
export function inLanguage(queryKey: QueryKey, from: Language, to: Language): QueryKey {
  return queryKey.map((part) => {
    if (part === from) return to
    if (part && typeof part === 'object' && (part as { language?: unknown }).language === from) {
      return { ...part, language: to }
    }
    return part
  })
}

/** The copy of this read saved in another language, and when it was read; undefined when there is none. */
export function savedInAnotherLanguage<TData>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  language: Language,
): { data: TData; updatedAt: number } | undefined {
  for (const other of LANGUAGES) {
    if (other === language) continue
    const state = queryClient.getQueryState<TData>(inLanguage(queryKey, language, other))
    if (state?.data !== undefined) return { data: state.data, updatedAt: state.dataUpdatedAt }
  }
  return undefined
}

/**
 * For a read keyed by language: `placeholderData` shows the copy saved in another language while the one
 * asked for is not on the device (offline, or while it loads); `savedAt` is when that copy was read, for the
 * screen's "saved on this device" line.
 */
export function useAnotherLanguageWhileMissing<TData>(queryKey: QueryKey, language: Language) {
  const saved = savedInAnotherLanguage<TData>(useQueryClient(), queryKey, language)
  return { placeholderData: saved?.data, savedAt: saved?.updatedAt ?? 0 }
}
