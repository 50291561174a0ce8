// Test data written straight to the database (the API has no endpoint to create campaigns).
import { openTo, type CampaignKind, type Eligibility, type ScreenerQuestion, type Tasks } from '../../contract/campaigns'
import type { Db } from '../db/client'
import { campaigns, flights, products } from '../db/schema'

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
