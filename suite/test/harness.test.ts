// The test harness itself: PostgreSQL whenever TEST_DATABASE_URL is set (as in CI), and a database
// of its own for each harness, so test files running in parallel cannot see each other's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '../db/schema'
import { createHarness, type Harness } from './harness'

describe('test harness', () => {
  let a: Harness
  let b: Harness
  beforeAll(async () => {
    ;[a, b] = await Promise.all([createHarness(), createHarness()])
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
  })

  it(`runs on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite (no TEST_DATABASE_URL)'}`, () => {
    expect(a.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
  })

  it('gives each harness its own database', async () => {
    await a.deps.db.insert(rateLimits).values({ key: 'harness-isolation', windowStart: new Date(), count: 1 })
    expect(await a.deps.db.select().from(rateLimits)).toHaveLength(1)
    expect(await b.deps.db.select().from(rateLimits)).toHaveLength(0)
  })
})
