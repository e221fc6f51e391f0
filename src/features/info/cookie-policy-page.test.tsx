import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { HAVEN_COOKIES } from '@/domain/cookies'
import { activateLocale } from '@/i18n/activate'

import { CookiePolicyPage } from './cookie-policy-page'

async function renderPage(language: 'en' | 'fr') {
  await activateLocale(language)
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <CookiePolicyPage />
      </MantineProvider>
    </I18nProvider>,
  )
}

/** The list item that names `name`, and the section it is under. */
function itemOf(name: string) {
  const code = screen.getByText(name, { selector: 'code' })
  const item = code.closest('li')!
  const section = item.closest('ul')!.parentElement!
  return { item: within(item), heading: within(section).getByRole('heading').textContent }
}

describe('the cookie policy', () => {
  afterEach(() => activateLocale('en'))

  it('lists every cookie the server sets, what it is for, how long it is kept and whether sign-out clears it', async () => {
    await renderPage('en')
    const listed = screen.getAllByRole('listitem')
    expect(listed).toHaveLength(Object.keys(HAVEN_COOKIES).length)
    for (const cookie of Object.values(HAVEN_COOKIES)) {
      const { heading } = itemOf(cookie.name)
      expect(heading, cookie.name).toBe(
        cookie.clearedAtSignOut ? 'Cookies tied to your account' : 'Cookies that name nobody',
      )
    }
    expect(itemOf('haven_session').item.getByText(/^Kept:/).textContent).toBe(
      'Kept: until you close the browser, or 30 days if you chose to stay connected.',
    )
    expect(itemOf('haven_signup').item.getByText(/^Kept:/).textContent).toBe('Kept: 1 day.')
    expect(itemOf('haven_checkout').item.getByText(/^Kept:/).textContent).toBe('Kept: 30 minutes.')
    expect(itemOf('haven_device').item.getByText(/^Kept:/).textContent).toBe('Kept: 180 days.')
    expect(itemOf('language').item.getByText(/^Kept:/).textContent).toBe('Kept: 365 days.')
    expect(itemOf('haven_mailbox').item.getByText(/^Kept:/).textContent).toBe(
      'Kept: until you close the browser.',
    )
    expect(screen.getByText(/Signing out clears all of them/)).toBeTruthy()
  })

  it('says the same in French, with French typography', async () => {
    await renderPage('fr')
    expect(screen.getAllByRole('listitem')).toHaveLength(Object.keys(HAVEN_COOKIES).length)
    expect(itemOf('haven_device').item.getByText(/^Conservé/).textContent).toMatch(
      /^Conservé\u00a0: 180\sjours\.$/,
    )
    expect(itemOf('haven_checkout').item.getByText(/^Conservé/).textContent).toMatch(
      /^Conservé\u00a0: 30\sminutes\.$/,
    )
    expect(itemOf('haven_session').heading).toBe('Cookies liés à votre compte')
    expect(itemOf('language').heading).toBe('Cookies qui ne désignent personne')
    expect(document.body.textContent).not.toMatch(/'/)
  })
})
