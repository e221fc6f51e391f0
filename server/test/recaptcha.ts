// An app with reCAPTCHA on, against the local stand-in (server/test/stand-ins/recaptcha.ts), for one describe
// block: started before its tests and closed after them. The user agents a client may claim, for the Safari rule.
import { afterAll, beforeAll } from 'vitest'

import { type DatabaseKind, startTestApp, type TestApp } from './harness.ts'
import { type RecaptchaStandIn, startRecaptchaStandIn } from './stand-ins/recaptcha.ts'

export const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
export const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'

export interface RecaptchaWorld {
  /** The app, once the block's tests run. */
  readonly t: TestApp
  readonly provider: RecaptchaStandIn
}

export function appWithRecaptcha(kind: DatabaseKind, properties: number): RecaptchaWorld {
  const world = {} as { t: TestApp; provider: RecaptchaStandIn }
  beforeAll(async () => {
    world.provider = await startRecaptchaStandIn()
    world.t = await startTestApp(kind, {
      properties,
      env: {
        RECAPTCHA_SECRET: world.provider.secret,
        RECAPTCHA_SITE_KEY: 'site-key-1',
        RECAPTCHA_VERIFY_URL: world.provider.url,
      },
    })
  })
  afterAll(async () => {
    await world.t?.close()
    await world.provider?.close()
  })
  return world
}
