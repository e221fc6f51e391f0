// The development entry (`npm start` and `npm run dev` outside production, the e2e run): starts the stand-ins
// the environment asks for (server/stand-ins/demo.ts), then reads the configuration once, with their URLs and
// keys, and serves Haven as the production entry (server/main.ts) does.
import { loadConfig } from './config.ts'
import { failStart, serve } from './serve.ts'
import { startDemoStandIns } from './stand-ins/demo.ts'

try {
  const { env, extras } = await startDemoStandIns(process.env)
  await serve(loadConfig(env), extras)
} catch (error) {
  failStart(error)
}
