// The large community (generate.ts) holds only states the member API's services could produce: a
// small one is generated into a throw-away PostgreSQL database, and the rules of data that could
// have happened (seed/invariants.ts) are checked on a random sample of its members, then on all of it.
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { invariantViolations } from '../seed/invariants'
import { createTestDatabase } from '../test/postgres'
import { generateLargeCommunity, plannedCounts } from './generate'

const MEMBERS = 2_000
const SAMPLE = 200

describe.skipIf(!process.env.TEST_DATABASE_URL)('the generated community could have happened', () => {
  let database: Database & { url: string }
  let counts: Record<string, number>

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 2 })
    counts = await generateLargeCommunity(database.url, { members: MEMBERS }, () => {})
  }, 180_000)
  afterAll(() => database?.close())

  it('makes the planned members and participations', () => {
    const planned = plannedCounts({ members: MEMBERS })
    expect(counts).toMatchObject({ members: planned.members, participations: planned.participations, campaigns: planned.campaigns })
    expect(counts.reviews).toBeGreaterThan(0)
    expect(counts.shipments).toBeGreaterThan(0)
  })

  it('breaks no rule for a random sample of its members', async () => {
    const sql = postgres(database.url, { max: 1, onnotice: () => {} })
    try {
      const sample = (await sql<Array<{ id: string }>>`select id from members where uid like 'large-%' order by random() limit ${SAMPLE}`).map((m) => m.id)
      expect(sample).toHaveLength(SAMPLE)
      expect(await invariantViolations(database.db, { memberIds: sample })).toEqual([])
    } finally {
      await sql.end()
    }
  })

  it('breaks no rule anywhere', async () => {
    expect(await invariantViolations(database.db)).toEqual([])
  })
})
