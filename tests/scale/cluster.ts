// Haven as it runs when it outgrows one machine (docs/operations.md, Running N instances): several server
// processes on one PostgreSQL and one S3-compatible store, behind HAProxy, each a real `server/main.ts`. Every
// outside service is a stand-in on 127.0.0.1: SMTP, a web push service, the payment providers (one process
// for every instance, as an operator would run them), S3 (s3rver). Everything is stopped by `stop()`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

import S3rver from 's3rver'
import { SMTPServer } from 'smtp-server'

import { startPaymentStandIns } from '../../server/stand-ins/payments.ts'
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '../../server/test/postgres.ts'
import { type PushServiceStandIn, startPushService } from '../../server/test/stand-ins/push-service.ts'

/** HAProxy from Debian (`apt-get install haproxy`), or null when it is not installed. */
export function findHaproxy(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' })
      return candidate
    } catch {
      // not there
    }
  }
  return null
}

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface Instance {
  readonly name: string
  readonly url: string
  /** Everything the process printed, for a failing test's message. */
  output(): string
  /** SIGKILL: the process dies at once, as a crashed machine would. */
  kill(): Promise<void>
  /** SIGTERM, then waits for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>
  readonly exited: boolean
}

export interface Cluster {
  /** The load balancer's address: what browsers use, and every instance's PUBLIC_URL. */
  url: string
  instances: Instance[]
  postgres: ThrowawayPostgres
  mail: ReceivedMail[]
  push: PushServiceStandIn
  /** The payment stand-ins every instance uses (one process for all, as `npm run stand-ins` runs them). */
  payments: Awaited<ReturnType<typeof startPaymentStandIns>>
  /** HAProxy's statistics as CSV (`show stat`), from its local stats page. */
  stats(): Promise<string>
  stop(): Promise<void>
}

const STARTUP_LIMIT_MS = 180_000
const STOP_GRACE_MS = 10_000
const S3_BUCKET = 'haven-scale'

function startSmtp(received: ReceivedMail[]): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  return new Promise((resolvePort, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      if (!address || typeof address !== 'object') return reject(new Error('no SMTP port'))
      resolvePort({ port: address.port, close: () => new Promise((done) => server.close(() => done())) })
    })
  })
}

/** Waits until `url` answers 200 (or the process exits, or the limit passes). */
async function waitHealthy(url: string, child: ChildProcess, output: () => string, limitMs: number) {
  const deadline = Date.now() + limitMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`exited at start (${child.exitCode ?? child.signalCode}):\n${output()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url} in time:\n${output()}`)
    await new Promise((done) => setTimeout(done, 200))
  }
}

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: resolve('.'),
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let printed = ''
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const exitedPromise = new Promise<void>((done) => child.once('exit', () => done()))
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    output: () => printed,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null
    },
    async kill() {
      if (!instance.exited) child.kill('SIGKILL')
      await exitedPromise
    },
    async stop() {
      if (!instance.exited) {
        child.kill('SIGTERM')
        const grace = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
        await exitedPromise
        clearTimeout(grace)
      }
    },
  }
  ;(instance as Instance & { child: ChildProcess }).child = child
  return instance
}

export interface ClusterOptions {
  /** 1 or 2: docs/haproxy.cfg names two servers (one instance stands for both). */
  instances?: 1 | 2
  /** Extra environment for every instance. */
  env?: NodeJS.ProcessEnv
}

/**
 * Starts PostgreSQL (empty), the stand-ins, `instances` servers at the same moment on that empty database,
 * then HAProxy in front of them. Returns once every instance and the load balancer answer.
 */
export async function startCluster({ instances = 2, env = {} }: ClusterOptions = {}): Promise<Cluster> {
  const haproxy = findHaproxy()
  if (!haproxy) throw new Error('HAProxy is not installed (apt-get install haproxy)')
  const workDir = mkdtempSync(join(resolve('.tmp'), 'scale-'))
  const cleanups: Array<() => Promise<void> | void> = [
    () => rmSync(workDir, { recursive: true, force: true }),
  ]
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch {
        // keep stopping the others
      }
    }
  }
  try {
    const postgres = await startThrowawayPostgres()
    if (!postgres) throw new Error('PostgreSQL is not installed (apt-get install postgresql)')
    cleanups.push(() => postgres.stop())

    const mail: ReceivedMail[] = []
    const smtp = await startSmtp(mail)
    cleanups.push(() => smtp.close())
    const push = await startPushService()
    cleanups.push(() => push.close())
    const certificateFile = join(workDir, 'push-ca.pem')
    writeFileSync(certificateFile, push.certificate)
    const payments = await startPaymentStandIns()
    cleanups.push(async () => {
      await Promise.all([payments.stripe.close(), payments.payPal.close()])
    })
    const s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: join(workDir, 's3'),
      configureBuckets: [{ name: S3_BUCKET, configs: [] }],
    })
    const { port: s3Port } = (await s3.run()) as { port: number }
    cleanups.push(() => s3.close())

    const lbPort = await freePort()
    const statsPort = await freePort()
    const url = `http://127.0.0.1:${lbPort}`
    const ports: number[] = []
    for (let i = 0; i < instances; i += 1) ports.push(await freePort())

    const shared: NodeJS.ProcessEnv = {
      ...payments.env,
      PAYMENT_STAND_INS: 'false',
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      PUBLIC_URL: url,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Haven <no-reply@haven.test>',
      DEMO_MAILBOX: 'false',
      PUSH_TRUSTED_ORIGINS: push.url,
      NODE_EXTRA_CA_CERTS: certificateFile,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...env,
    }
    // Started at the same moment, on an empty database: they race to migrate and seed it.
    const started = ports.map((port, i) =>
      startInstance(`instance-${i + 1}`, port, {
        ...shared,
        DATA_DIR: join(workDir, `data-${i + 1}`),
      }),
    )
    for (const instance of started) cleanups.push(() => instance.stop())
    await Promise.all(
      started.map((instance) =>
        waitHealthy(
          `${instance.url}/api/health`,
          (instance as Instance & { child: ChildProcess }).child,
          instance.output,
          STARTUP_LIMIT_MS,
        ).catch((error: unknown) => {
          throw new Error(`${instance.name}: ${error instanceof Error ? error.message : String(error)}`)
        }),
      ),
    )

    // The sample configuration of docs/operations.md, as it is. One instance: both server lines name it.
    const balancer = spawn(haproxy, ['-db', '-f', resolve('docs/haproxy.cfg')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        HAVEN_LISTEN: `127.0.0.1:${lbPort}`,
        HAVEN_SERVER_1: `127.0.0.1:${ports[0]}`,
        HAVEN_SERVER_2: `127.0.0.1:${ports[1] ?? ports[0]}`,
        HAVEN_STATS: `127.0.0.1:${statsPort}`,
      },
    })
    let balancerOutput = ''
    balancer.stdout.on('data', (chunk: Buffer) => (balancerOutput += chunk.toString()))
    balancer.stderr.on('data', (chunk: Buffer) => (balancerOutput += chunk.toString()))
    const balancerExited = new Promise<void>((done) => balancer.once('exit', () => done()))
    cleanups.push(async () => {
      if (balancer.exitCode === null && balancer.signalCode === null) balancer.kill('SIGTERM')
      await balancerExited
    })
    await waitHealthy(`${url}/api/health`, balancer, () => balancerOutput, 20_000)
    // Both servers marked up by the balancer's own checks before the journey starts.
    const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`
    const deadline = Date.now() + 20_000
    for (;;) {
      const csv = await (await fetch(statsUrl)).text()
      const up = csv.split('\n').filter((line) => line.startsWith('haven,haven-') && line.includes(',UP,'))
      if (up.length === 2) break
      if (Date.now() > deadline) throw new Error(`HAProxy did not mark both servers up:\n${csv}`)
      await new Promise((done) => setTimeout(done, 100))
    }

    // Stripe tells of paid and expired sessions through the balancer, as it would in production.
    payments.stripe.sendWebhooksTo(`${url}/api/stripe-webhook`)
    return {
      url,
      instances: started,
      postgres,
      mail,
      push,
      payments,
      stats: async () => (await fetch(statsUrl)).text(),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
