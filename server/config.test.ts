import { describe, expect, it } from 'vitest'

import { ConfigError, loadConfig } from './config.ts'

describe('configuration', () => {
  it('works with no environment at all (embedded defaults)', () => {
    const config = loadConfig({}, '/srv/haven')
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/haven/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      seed: true,
      distDir: '/srv/haven/dist',
    })
  })

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: '/var/haven',
        DATABASE_URL: 'postgres://u@db/haven',
        PUBLIC_URL: 'https://haven.example/',
        SEED: 'false',
      },
      '/srv',
    )
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/var/haven',
      databaseUrl: 'postgres://u@db/haven',
      publicUrl: 'https://haven.example',
      seed: false,
    })
  })

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/)
  })
})
