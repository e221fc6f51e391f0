// The part of s3rver (a local S3-compatible server, tests only) that server/test/stand-ins/s3.ts uses; the
// package ships no types.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  export interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
