import { describe, expect, it } from 'vitest'

import { loadConfig } from './config.ts'
import { withDemoDefaults } from './demo-defaults.ts'

describe("npm start's demo defaults", () => {
  it('turn on the mailbox and the payment stand-ins when nothing is configured', () => {
    const env = withDemoDefaults({})
    expect(loadConfig(env).mail.demoMailbox).toBe(true)
    expect(env.PAYMENT_STAND_INS).toBe('true')
  })

  it('leave real keys, SMTP and an explicit choice alone', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      SMTP_URL: 'smtp://mail',
    }
    expect(loadConfig(withDemoDefaults(keys))).toMatchObject({ mail: { demoMailbox: false } })
    expect(withDemoDefaults(keys).PAYMENT_STAND_INS).toBeUndefined()
    expect(withDemoDefaults({ PAYMENT_STAND_INS: 'false' }).PAYMENT_STAND_INS).toBe('false')
  })

  it('turn nothing on for a production start', () => {
    const env = withDemoDefaults({ NODE_ENV: 'production' })
    expect(loadConfig(env)).toMatchObject({ mail: { demoMailbox: false } })
    expect(env.PAYMENT_STAND_INS).toBeUndefined()
  })
})
