// Looks through response bodies for what must never leave the server: a password hash (the scrypt form of
// server/services/auth/password.ts), a session or e-mailed-link token or its stored hash, the session secret
// or any other configured secret. Tests feed it every body they receive and the secrets they know of.

/** `scrypt$N$r$p$salt$key` as hashPassword writes it, wherever it appears in a text. */
const SCRYPT_HASH = /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{8,}\$[A-Za-z0-9_-]{16,}/

/** A session or link token: 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Keys that would name a secret; the public user's `hasPassword`, a link's `passwordReset` flag and the site
 * key reCAPTCHA shows to every visitor are booleans or public, so only text under such a key counts. */
const SECRET_KEY = /pass(word)?|hash|token|secret|salt|session/i
const PUBLIC_KEYS = new Set(['recaptchaSiteKey'])

export class LeakDetector {
  private readonly known = new Set<string>()

  /** Values that must appear in no body: secrets from the configuration, tokens and hashes seen in the test. */
  remember(...values: (string | null | undefined)[]): void {
    for (const value of values) if (value && value.length >= 8) this.known.add(value)
  }

  /** What in `body` looks like a leak, described; empty when nothing does. */
  findLeaks(body: string): string[] {
    const found: string[] = []
    if (SCRYPT_HASH.test(body)) found.push('a scrypt password hash')
    for (const value of this.known) {
      if (body.includes(value)) found.push(`a known secret (${value.slice(0, 6)}…)`)
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return found
    }
    // `fields` of an error answer holds a message for each field by its name (`password: 'Wrong password'`).
    const walk = (value: unknown, key: string, messages: boolean) => {
      if (typeof value === 'string') {
        if (TOKEN.test(value)) found.push(`a token-shaped value under "${key}"`)
        if (!messages && SECRET_KEY.test(key) && !PUBLIC_KEYS.has(key))
          found.push(`text under the key "${key}"`)
      } else if (Array.isArray(value)) {
        for (const item of value) walk(item, key, messages)
      } else if (value && typeof value === 'object') {
        for (const [name, item] of Object.entries(value)) walk(item, name, messages || key === 'fields')
      }
    }
    walk(parsed, '(root)', false)
    return found
  }
}
