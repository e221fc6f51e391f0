// reCAPTCHA v3 (invisible, score-based) on the forms that ask for it: sign-up, a guest's checkout, the contact
// form.
// Off unless the server publishes a site key (GET /api/auth-config), and skipped on Safari
// (docs/product.md §7). Google's script is loaded only by a screen that uses the hook, once the key is known:
// never in the first load.
//
// v3 rather than the v2 checkbox: nothing to lay out or translate in the form, no puzzle for most people,
// and a fresh token is taken at submit time (a v3 token lives two minutes, so it is never stale).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useCallback, useEffect } from 'react'

import { API_ERROR_CODES } from '@/domain/error-codes'
import { isSafari as isSafariAgent } from '@/domain/user-agent'

import { ApiError, NetworkError } from './api-client'
import { useAuthConfig } from './auth-config'
import { loadScript } from './load-script'

/** docs/product.md §9, word for word in English. */
export const recaptchaMessages = {
  error: msg`reCAPTCHA error`,
} satisfies Record<string, MessageDescriptor>

export const recaptchaScriptUrl = (siteKey: string) =>
  `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`

interface Grecaptcha {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): Promise<string>
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

/**
 * Safari itself (docs/product.md §7 skips reCAPTCHA there), on macOS, iOS and iPadOS (whose desktop-mode UA
 * says Macintosh). Every other browser's user agent also says "Safari": Chrome and Chromium, Edge, Opera,
 * Samsung Internet and Android's WebViews by their own tokens, and Chrome, Edge, Firefox and Opera on iOS by
 * CriOS, EdgiOS, FxiOS and OPiOS. Those are not Safari and get reCAPTCHA like anywhere else, even though on
 * iOS they run on WebKit: the rule names the browser, and their own tokens are how the provider tells them
 * apart.
 */
export function isSafari(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent) {
  return isSafariAgent(userAgent)
}

/** The site key to use on this browser, or null when reCAPTCHA is off or skipped (Safari). */
export function recaptchaSiteKey(siteKey: string | null, userAgent?: string): string | null {
  if (!siteKey) return null
  return isSafari(userAgent) ? null : siteKey
}

/** Loads Google's script for `siteKey` (once) and waits until it is ready. */
export async function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  await loadScript(recaptchaScriptUrl(siteKey))
  const grecaptcha = window.grecaptcha
  if (!grecaptcha) throw new Error('reCAPTCHA did not start')
  await new Promise<void>((resolve) => grecaptcha.ready(resolve))
  return grecaptcha
}

/** A fresh token for `action` (letters, `/` and `_`: it shows in the provider's console). */
export async function executeRecaptcha(siteKey: string, action: string): Promise<string> {
  const grecaptcha = await loadRecaptcha(siteKey)
  const token = await grecaptcha.execute(siteKey, { action })
  if (!token) throw new Error('reCAPTCHA gave no token')
  return token
}

/** Whether an error means the check itself failed (as opposed to the network): show 'reCAPTCHA error'. */
export function isRecaptchaFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === API_ERROR_CODES.recaptchaFailed
  // Anything else but a lost connection is the widget failing: the script blocked, no token.
  return !(error instanceof NetworkError)
}

export interface RecaptchaHandle {
  /** Whether a token will be asked for on this browser. */
  enabled: boolean
  /**
   * A token for `action`, or undefined when reCAPTCHA is off or skipped here. Rejects when the script cannot
   * be loaded or gives no token: the form shows 'reCAPTCHA error'.
   */
  getToken(action: string): Promise<string | undefined>
}

/**
 * For a form protected by reCAPTCHA (sign-up, a guest's checkout, contact): starts loading the script as soon
 * as the screen knows a key is configured (v3 scores what happens on the page before the submit), and gives a
 * token on submit. The token goes with the form's own call (sign-up, checkout, send-email), which the server
 * verifies. `wanted` false (a signed-in renter's checkout) loads nothing and gives no token.
 */
export function useRecaptchaToken(wanted = true): RecaptchaHandle {
  const configured = recaptchaSiteKey(useAuthConfig(wanted).recaptchaSiteKey)
  const siteKey = wanted ? configured : null
  useEffect(() => {
    if (siteKey) loadRecaptcha(siteKey).catch(() => undefined) // Retried, and reported, on submit.
  }, [siteKey])
  const getToken = useCallback(
    async (action: string) => (siteKey ? executeRecaptcha(siteKey, action) : undefined),
    [siteKey],
  )
  return { enabled: siteKey !== null, getToken }
}
