// Data migrations, run against rows as an earlier version of the suite wrote them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../services/members'
import { createCampaign } from '../test/fixtures'
import { openTestDatabase } from '../test/harness'
import { MIGRATIONS_FOLDER, type Database } from './client'
import { members, participations } from './schema'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('0002 participation reason codes', () => {
  it('turns the sentences of earlier versions into reason codes, keeping their order', async () => {
    const { db } = database
    const now = new Date('2026-11-01T10:00:00Z')
    const campaign = await createCampaign(db, now, { eligibility: { countries: ['GB'], minAge: 21 } })
    const [member] = await db
      .insert(members)
      .values({
        uid: 'legacy-member',
        notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
        referralCode: 'LEGACY01',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const legacy = [
      'Add your shipping address to take part.',
      'This test ships only to GB.',
      'Add your birth date: this test is for members aged 21 or older.',
      'This test is for members aged 21 or older.',
      'Verify your phone number to take part.',
      'Connect a social account to take part.',
      'A sentence no version ever wrote.',
    ]
    const [row] = await db
      .insert(participations)
      .values({ memberId: member!.id, campaignId: campaign.campaignId, flightId: campaign.flightId, status: 'not-eligible', appliedAt: now, updatedAt: now })
      .returning()
    await db.execute(sql`update participations set ineligible_reasons = ${JSON.stringify(legacy)}::jsonb where id = ${row!.id}`)

    await db.execute(sql.raw(readFileSync(join(MIGRATIONS_FOLDER, '0002_participation_reason_codes.sql'), 'utf8')))

    const [migrated] = await db.select().from(participations).where(eq(participations.id, row!.id))
    expect(migrated?.ineligibleReasons).toEqual([
      { code: 'address' },
      { code: 'country', countries: ['GB'] },
      { code: 'birth-date', minAge: 21 },
      { code: 'age', minAge: 21 },
      { code: 'phone' },
      { code: 'social' },
    ])
  })
})
