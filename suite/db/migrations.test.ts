// Data migrations, run against rows as an earlier version of the suite wrote them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../services/members'
import { createCampaign } from '../test/fixtures'
import { openTestDatabase } from '../test/harness'
import { MIGRATIONS_FOLDER, type Database } from './client'
import { members, participations, reviews } from './schema'

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

describe('0007 review photos', () => {
  it('empties the photos of reviews that held web addresses, and leaves uploaded photos alone', async () => {
    const { db } = database
    const now = new Date('2026-11-20T10:00:00Z')
    const [member] = await db
      .insert(members)
      .values({ uid: 'legacy-photos', notificationSettings: DEFAULT_NOTIFICATION_SETTINGS, referralCode: 'LEGACY02', createdAt: now, updatedAt: now })
      .returning()
    // One review per participation, one participation per member and campaign.
    const review = async (photos: string) => {
      const campaign = await createCampaign(db, now)
      const [p] = await db
        .insert(participations)
        .values({ memberId: member!.id, campaignId: campaign.campaignId, flightId: campaign.flightId, status: 'reviewed', appliedAt: now, updatedAt: now })
        .returning()
      const [r] = await db
        .insert(reviews)
        .values({
          participationId: p!.id,
          memberId: member!.id,
          campaignId: campaign.campaignId,
          productId: campaign.productId,
          rating: 4,
          title: 'Legacy',
          body: 'Written by an earlier version.',
          receivedForFree: true,
          status: 'published',
          submittedAt: now,
        })
        .returning()
      await db.execute(sql`update reviews set photos = ${photos}::jsonb where id = ${r!.id}`)
      return r!.id
    }
    const legacy = await review(JSON.stringify(['https://photos.example/1.jpg']))
    const uploaded = await review(JSON.stringify([{ id: '6b1f7a52-3f7e-4b43-9d2b-2f7e0c1f9a10', alt: 'The kettle' }]))
    const none = await review('[]')

    const statements = readFileSync(join(MIGRATIONS_FOLDER, '0007_review_photos.sql'), 'utf8').split('--> statement-breakpoint')
    await db.execute(sql.raw(statements.at(-1)!))

    const photosOf = async (id: string) => (await db.select({ photos: reviews.photos }).from(reviews).where(eq(reviews.id, id)))[0]?.photos
    expect(await photosOf(legacy)).toEqual([])
    expect(await photosOf(uploaded)).toEqual([{ id: '6b1f7a52-3f7e-4b43-9d2b-2f7e0c1f9a10', alt: 'The kettle' }])
    expect(await photosOf(none)).toEqual([])
  })
})
