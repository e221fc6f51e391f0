// A local S3-compatible object store for tests (s3rver, on 127.0.0.1 and a free port, files in a temporary
// folder), with one bucket, and the S3_* settings that point a server at it. s3rver checks request signatures
// against its one account, S3RVER / S3RVER.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import S3rver from 's3rver'

export interface S3StandIn {
  /** The S3_* variables for loadConfig. */
  env: Record<string, string>
  close(): Promise<void>
}

export async function startS3StandIn(bucket = 'haven-files'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'haven-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
