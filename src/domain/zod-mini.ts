// zod/mini, as the domain's client-side schemas use it. In a browser, zod must not compile its parsers with
// `new Function`: the Content-Security-Policy forbids eval, and even zod's caught probe of it is reported as a
// violation. `jitless` is set here, before any schema of ours is built (zod decides when building one);
// the server, which has no such policy, keeps the compiled parsers.
import { config, z } from 'zod/mini'

if (typeof document !== 'undefined') config({ jitless: true })

export { z }
