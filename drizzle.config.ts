// drizzle-kit: `npx drizzle-kit generate` writes a migration for every change to server/db/schema.ts.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
