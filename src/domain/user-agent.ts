// docs/product.md §7: reCAPTCHA is skipped on Safari. The client skips it and the server accepts a sign-up
// without a token only from the same browsers, so both read the user agent with this one rule.

/** Apple's Safari (macOS, iOS), not the other browsers on iOS (CriOS, FxiOS, EdgiOS, OPiOS) nor Android. */
export function isSafari(userAgent: string): boolean {
  if (!/Safari\//.test(userAgent) || !/Version\/\d/.test(userAgent)) return false
  return !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|EdgA?\/|OPR|OPiOS|OPT\/|SamsungBrowser|Android|YaBrowser|DuckDuckGo/.test(
    userAgent,
  )
}
