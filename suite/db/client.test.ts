// The member API's PostgreSQL sessions: settings every statement runs with.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/postgres'

describe.skipIf(!process.env.TEST_DATABASE_URL)("the member API's sessions", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })

  it('run without JIT compilation, on every connection of the pool', async () => {
    const settings = await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.02)`)))
    // postgres.js answers the rows themselves.
    expect(settings.map((rows) => (rows as unknown as Array<{ jit: string }>)[0]?.jit)).toEqual(['off', 'off', 'off', 'off', 'off'])
  })
})
