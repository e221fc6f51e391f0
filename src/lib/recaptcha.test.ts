import { describe, expect, it } from 'vitest'

import { isSafari, recaptchaSiteKey } from './recaptcha'

const UA = {
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  edgeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36',
}

describe('isSafari (docs/product.md §7: reCAPTCHA is skipped on Safari)', () => {
  it('recognises Safari on macOS and iOS', () => {
    expect(isSafari(UA.safariMac)).toBe(true)
    expect(isSafari(UA.safariIphone)).toBe(true)
  })

  it('does not take other browsers for Safari, including those on iOS', () => {
    for (const ua of [
      UA.chromeMac,
      UA.edgeWindows,
      UA.firefox,
      UA.chromeIos,
      UA.firefoxIos,
      UA.edgeIos,
      UA.androidWebView,
    ]) {
      expect(isSafari(ua), ua).toBe(false)
    }
  })

  it('gives the site key only when one is configured and the browser is not Safari', () => {
    expect(recaptchaSiteKey(null, UA.chromeMac)).toBeNull()
    expect(recaptchaSiteKey('site-key', UA.chromeMac)).toBe('site-key')
    expect(recaptchaSiteKey('site-key', UA.safariMac)).toBeNull()
  })
})
