// What a property asks for an option, beside the option's name: in French the words agree with that name.
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { activateLocale } from '@/i18n/activate'

import { type OptionName, OptionValue } from './option-value'

async function renderOption(language: 'en' | 'fr', option: OptionName, value: number) {
  await activateLocale(language)
  window.localStorage.setItem('language', language)
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <span data-testid="option">
          <OptionValue option={option} value={value} />
        </span>
      </QueryClientProvider>
    </I18nProvider>,
  )
  return screen.getByTestId('option')
}

describe('an option’s terms on the property page', () => {
  it.each([
    ['en', 'cancellation', -1, 'Unavailable'],
    ['en', 'amendments', -1, 'Unavailable'],
    ['en', 'amendments', 0, 'Included'],
    ['en', 'amendments', 25, '$25 extra'],
    ['fr', 'cancellation', -1, 'Non proposée'],
    ['fr', 'amendments', -1, 'Non proposées'],
    ['fr', 'amendments', 0, 'Compris dans le prix'],
    ['fr', 'amendments', 25, '$25 en supplément'],
  ] as const)('%s, %s at %d: %s', async (language, option, value, text) => {
    expect((await renderOption(language, option, value)).textContent).toBe(text)
  })
})
