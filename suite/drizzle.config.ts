import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './suite/db/schema.ts',
  out: './suite/db/migrations',
})
