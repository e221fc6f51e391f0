// Every setting the server reads, from environment variables, with embedded defaults that work offline
// (DESIGN.md, Runtime and embedded defaults). The README lists each one.
import { resolve } from 'node:path'

import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: flag.default(true),
  DIST_DIR: z.string().min(1).default('dist'),
})

export interface Config {
  port: number
  host: string
  /** Absolute. Holds the embedded database (`db/`), generated images (`images/`), mail and secrets. */
  dataDir: string
  /** PostgreSQL when set; PGlite in `dataDir/db` otherwise. */
  databaseUrl: string | undefined
  publicUrl: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  /** Seed the demo data into an empty database at start. */
  seed: boolean
  /** The built PWA, served on the same origin as the API. */
  distDir: string
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/** Reads the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    distDir: resolve(cwd, e.DIST_DIR),
  }
}
