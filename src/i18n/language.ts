import { i18n } from '@lingui/core'
import { useLingui } from '@lingui/react'

import { DEFAULT_LANGUAGE } from '@/domain/constants'
import { isLanguage, type Language } from '@/domain/enums'

/** The active interface language, outside React (route loaders, query options). */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE
}

/** The active interface language; re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n: active } = useLingui()
  return isLanguage(active.locale) ? active.locale : DEFAULT_LANGUAGE
}
