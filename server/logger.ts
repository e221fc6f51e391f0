// The logger the services write to: the part of pino's interface they use. Fastify's logger and its
// per-request children are one; a test can pass anything with these methods.

/** One log method, pino's way: fields first, then the message. */
export interface LogFn {
  (fields: object, message?: string): void
  (message: string): void
}

export interface Logger {
  trace: LogFn
  debug: LogFn
  info: LogFn
  warn: LogFn
  error: LogFn
  fatal: LogFn
}
