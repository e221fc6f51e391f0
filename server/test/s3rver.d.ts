// s3rver (a local S3-compatible server for tests) ships no types: the part the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    /** Resolves with the address it listens on (port 0: a free one). */
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
