// Shared by the reCAPTCHA and social sign-in tests (the app itself comes from src/test/app-harness.tsx): the
// sign-in configuration, and third-party scripts that never load (jsdom fetches none) but can be made to "run".
import { act, waitFor } from '@testing-library/react'

import type { AuthConfig } from '@/contract/social'
import { resetSessionCheck } from '@/entities/session/session-lifecycle'
import { AUTH_CONFIG_OFF } from '@/lib/auth-config'
import { resetLoadedScripts } from '@/lib/load-script'

export const config = (
  patch: Partial<AuthConfig['social']> = {},
  recaptchaSiteKey: string | null = null,
) => ({
  ...AUTH_CONFIG_OFF,
  recaptchaSiteKey,
  social: { ...AUTH_CONFIG_OFF.social, ...patch },
})

/** Every third-party script tag on the page. */
export const externalScripts = () =>
  [...document.querySelectorAll('script[src]')].map((script) => script.getAttribute('src') ?? '')

/** Waits for `<script src>` to be asked for, installs what it would define, and fires its load event. */
export async function runScript(src: string, define: () => void) {
  const script = await waitFor(() => {
    const found = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`)
    if (!found) throw new Error(`no script ${src}`)
    return found
  })
  define()
  act(() => {
    script.dispatchEvent(new Event('load'))
  })
}

export function resetWidgets() {
  resetSessionCheck()
  resetLoadedScripts()
  for (const script of document.querySelectorAll('script[src]')) script.remove()
}
