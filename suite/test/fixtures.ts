// Test data written straight to the database (the API has no endpoint to create campaigns).
import { openTo, type CampaignKind, type Eligibility, type ScreenerQuestion, type Tasks } from '../../contract/campaigns'
import type { Db } from '../db/client'
import { sql } from 'drizzle-orm'
import { campaigns, flights, members, participations, products, reviews } from '../db/schema'

const DAY = 24 * 60 * 60 * 1000

export interface CampaignFixture {
  campaignId: string
  flightId: string
  productId: string
  slug: string
}

export async function createCampaign(
  db: Db,
  now: Date,
  options: {
    phase?: 'upcoming' | 'open' | 'testing' | 'completed'
    quota?: number
    kind?: CampaignKind
    eligibility?: Partial<Eligibility>
    screener?: ScreenerQuestion[]
    tasks?: Partial<Tasks>
  } = {},
): Promise<CampaignFixture> {
  const offsets = { upcoming: [5, 10, 12, 30], open: [-1, 10, 12, 30], testing: [-20, -10, -8, 20], completed: [-60, -50, -45, -10] }[options.phase ?? 'open']
  const slug = `test-${crypto.randomUUID().slice(0, 8)}`
  const [product] = await db
    .insert(products)
    .values({
      name: 'Test Kettle',
      brand: 'Testbrand',
      description: 'A kettle used by the tests.',
      category: 'kitchen',
      retailValueCents: 3000,
      currency: 'EUR',
      images: ['/suite/api/public/images/skillet.svg'],
    })
    .returning()
  const [campaign] = await db
    .insert(campaigns)
    .values({
      slug,
      title: 'Test campaign',
      summary: 'Summary',
      description: 'Description',
      kind: options.kind ?? 'free-product',
      productId: product!.id,
      eligibility: openTo(['DE', 'GB', 'US'], options.eligibility),
      screener: options.screener ?? [],
      tasks: { questionnaire: true, purchaseIntent: false, review: true, social: true, ...options.tasks },
      createdAt: now,
    })
    .returning()
  const at = (days: number) => new Date(now.getTime() + days * DAY)
  const [flight] = await db
    .insert(flights)
    .values({
      campaignId: campaign!.id,
      name: 'Flight 1',
      position: 1,
      signupOpensAt: at(offsets[0]!),
      signupClosesAt: at(offsets[1]!),
      testingStartsAt: at(offsets[2]!),
      reviewDueAt: at(offsets[3]!),
      quota: options.quota ?? 10,
    })
    .returning()
  return { campaignId: campaign!.id, flightId: flight!.id, productId: product!.id, slug }
}

export const GOOD_ADDRESS = { name: 'Test Tester', line1: 'Teststraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' }

/**
 * GOOD_ADDRESS on a street of its own: members at one address are linked as one household, and a
 * selection of linked applicants needs the manager's confirmation; testers who are not meant to
 * share a household each get one of these.
 */
export const ownAddress = () => ({ ...GOOD_ADDRESS, line1: `Teststraße ${crypto.randomUUID().slice(0, 8)}` })

/** `count` reviewers of the campaign, each with a review in `status`, published a minute apart (inserted by SQL: thousands at once). */
export async function insertReviews(
  db: Db,
  at: Date,
  campaign: CampaignFixture,
  count: number,
  options: { status?: 'published' | 'pending'; tag: string; photo?: boolean },
) {
  // As text: postgres.js takes no Date in a raw statement.
  const now = at.toISOString()
  // Tens of thousands of rows at once are a test's setup, not a call: no statement time limit.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`)
    await tx.execute(sql`
    insert into ${members} (uid, email, display_name, notification_settings, referral_code, created_at, updated_at)
    select ${options.tag} || '-' || n, ${options.tag} || '-' || n || '@example.test', 'Reviewer ' || n, '{}'::jsonb, upper(${options.tag}) || n, ${now}, ${now}
    from generate_series(1, ${count}) as n`)
    await tx.execute(sql`
    insert into ${participations} (member_id, campaign_id, flight_id, status, applied_at, selected_at, review_submitted_at, updated_at)
    select m.id, ${campaign.campaignId}, ${campaign.flightId}, 'reviewed', ${now}, ${now}, ${now}, ${now}
    from ${members} m where m.uid like ${options.tag} || '-%'`)
    await tx.execute(sql`
    insert into ${reviews} (participation_id, member_id, campaign_id, product_id, rating, title, body, photos, received_for_free, status, submitted_at, published_at)
    select p.id, p.member_id, ${campaign.campaignId}, ${campaign.productId}, 1 + (row_number() over (order by m.uid)) % 5, 'Title, "quoted"', 'Line one' || chr(10) || 'line two of review ' || m.uid,
      ${options.photo ? sql`jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'alt', 'A photo', 'width', 1200, 'height', 900))` : sql`'[]'::jsonb`},
      true, ${options.status ?? 'published'}, ${now},
      ${options.status === 'pending' ? null : sql`${now}::timestamptz - (row_number() over (order by m.uid)) * interval '1 minute'`}
    from ${participations} p join ${members} m on m.id = p.member_id where m.uid like ${options.tag} || '-%'`)
  })
}
