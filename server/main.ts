// The production entry: reads the configuration once and serves Haven (server/serve.ts). It starts no
// stand-in and imports none: the development entry (server/dev-main.ts, which `npm start` runs outside
// production) does.
import { ConfigError, loadConfig } from './config.ts'
import { failStart, serve } from './serve.ts'

try {
  // Ignored here, the switch would leave a demo without its payments and say nothing.
  if (/^(true|1|yes)$/.test(process.env.PAYMENT_STAND_INS ?? '')) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_STAND_INS: server/main.ts never starts the stand-ins; the development entry does (npm start, or node --import tsx server/dev-main.ts), never with NODE_ENV=production',
    )
  }
  await serve(loadConfig())
} catch (error) {
  failStart(error)
}
