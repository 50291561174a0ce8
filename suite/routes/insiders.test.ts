// Insiders do not test: a brand's users are turned away from their own brand's campaigns (and take
// part in other brands'), and staff from every campaign while they hold a role, told why by the
// eligibility reasons 'own-brand' and 'staff' (docs/decisions/017-insiders-do-not-test.md).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignEligibilityListSchema } from '../../contract/campaigns'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, CAMPAIGN_ELIGIBILITY_PATH, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { products, staffRoles } from '../db/schema'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import type { TestMember } from '../test/members'
import { createTestBrandViewer, createTestStaff } from '../test/staff'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

/** An open campaign testing a product of this brand. */
async function campaignOf(brand: string): Promise<CampaignFixture> {
  const campaign = await createCampaign(h.deps.db, h.clock.now())
  await h.deps.db.update(products).set({ brand }).where(eq(products.id, campaign.productId))
  return campaign
}

async function withAddress(person: TestMember): Promise<TestMember> {
  expect((await call(h.app, 'PUT', ADDRESS_PATH, { token: person.bearer, body: GOOD_ADDRESS })).status).toBe(200)
  return person
}

const signUp = async (person: TestMember, campaign: CampaignFixture) =>
  expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: person.bearer, body: { campaignId: campaign.campaignId } }), ParticipationSchema, 201)

const eligibility = async (person: TestMember, campaign: CampaignFixture) =>
  expectOk(
    await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: person.bearer, query: { campaignId: campaign.campaignId } }),
    CampaignEligibilityListSchema,
  ).items[0]

describe('brand users', () => {
  it("are refused on their own brand's campaign and told why, and accepted on another brand's", async () => {
    const brand = `Kettle & Kiln ${crypto.randomUUID().slice(0, 6)}`
    const own = await campaignOf(brand)
    // The product names the brand in other letters: it is the same brand.
    await h.deps.db.update(products).set({ brand: brand.toUpperCase() }).where(eq(products.id, own.productId))
    const other = await campaignOf(`Other brand ${crypto.randomUUID().slice(0, 6)}`)
    const viewer = await withAddress(await createTestBrandViewer(h.deps.db, brand))

    expect(await eligibility(viewer, own)).toEqual({ campaignId: own.campaignId, eligible: false, reasons: [{ code: 'own-brand' }] })
    expect(await signUp(viewer, own)).toMatchObject({ status: 'not-eligible', ineligibleReasons: [{ code: 'own-brand' }] })
    expect(await eligibility(viewer, other)).toMatchObject({ eligible: true })
    expect(await signUp(viewer, other)).toMatchObject({ status: 'selected', ineligibleReasons: [] })
  })
})

describe('staff who are members', () => {
  it('are refused while they hold a role, and take part again once it is removed', async () => {
    const campaign = await campaignOf(`Brand ${crypto.randomUUID().slice(0, 6)}`)
    const support = await withAddress(await createTestStaff(h.deps.db, ['support']))
    expect(await eligibility(support, campaign)).toMatchObject({ eligible: false, reasons: [{ code: 'staff' }] })
    expect(await signUp(support, campaign)).toMatchObject({ status: 'not-eligible', ineligibleReasons: [{ code: 'staff' }] })

    await h.deps.db.delete(staffRoles).where(eq(staffRoles.uid, support.uid))
    expect(await eligibility(support, campaign)).toMatchObject({ eligible: true })
  })
})
