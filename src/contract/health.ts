// GET /api/health's answer: the server is up and its database answers (the client's online probe).
import { z } from '../domain/zod-mini.ts'
import type { RouteTable } from './route.ts'
import { health } from './routes.ts'

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
})
export type Health = z.infer<typeof healthSchema>

export const healthRoutes = { [health]: { answer: healthSchema } } as const satisfies RouteTable
