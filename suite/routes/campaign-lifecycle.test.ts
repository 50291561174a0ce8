// A campaign's lifecycle: a draft is staff's alone, publishing needs what a member needs, an
// archived campaign leaves the public lists (its page stays) and takes no sign-ups.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignEligibilityListSchema, CampaignPageSchema } from '../../contract/campaigns'
import { ENDPOINTS } from '../../contract/endpoints'
import { ADDRESS_PATH, CAMPAIGN_ELIGIBILITY_PATH, fillPath, PROCESS_SIGNUP_PATH, PUBLIC_CAMPAIGN_PATH, PUBLIC_CAMPAIGNS_PATH } from '../../contract/paths'
import { OpsCampaignListSchema } from '../../contract/ops-applicants'
import { CampaignStatusResultSchema } from '../../contract/ops-campaigns'
import { auditLog, campaigns, flights, products } from '../db/schema'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let manager: TestMember
let member: TestMember

beforeAll(async () => {
  h = await createHarness()
  ;[manager, member] = await Promise.all([createTestStaff(h.deps.db, ['campaign-manager']), createTestMember()])
  await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
})
afterAll(() => h?.close())

const listed = async (slug: string) =>
  expectOk(await call(h.app, 'GET', PUBLIC_CAMPAIGNS_PATH, { query: { pageSize: '50' } }), CampaignPageSchema).items.some((c) => c.slug === slug)
const setStatus = (campaignId: string, status: string) =>
  call(h.app, 'POST', fillPath(ENDPOINTS.opsCampaignStatus.path, { id: campaignId }), { token: manager.bearer, body: { status } })

describe('campaign lifecycle', () => {
  it('keeps a draft from members, publishes it once it has what they need, and archives it off the lists', async () => {
    const fixture = await createCampaign(h.deps.db, h.clock.now())
    await h.deps.db.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.id, fixture.campaignId))

    // A draft: on no public page, in no eligibility list, no sign-up.
    expect(await listed(fixture.slug)).toBe(false)
    expectError(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: fixture.slug })), 'NOT_FOUND', 404)
    const eligible = expectOk(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: member.bearer }), CampaignEligibilityListSchema)
    expect(eligible.items.map((e) => e.campaignId)).not.toContain(fixture.campaignId)
    expectError(await call(h.app, 'GET', CAMPAIGN_ELIGIBILITY_PATH, { token: member.bearer, query: { campaignId: fixture.campaignId } }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: fixture.campaignId } }), 'NOT_FOUND', 404)
    // Staff see it, with its status.
    const ops = expectOk(await call(h.app, 'GET', ENDPOINTS.opsCampaigns.path, { token: manager.bearer }), OpsCampaignListSchema)
    expect(ops.items.find((c) => c.id === fixture.campaignId)?.status).toBe('draft')

    expect(expectOk(await setStatus(fixture.campaignId, 'published'), CampaignStatusResultSchema)).toEqual({
      campaignId: fixture.campaignId,
      status: 'published',
    })
    expect(await listed(fixture.slug)).toBe(true)
    expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: fixture.campaignId } }),
      ENDPOINTS.processSignup.data,
      201,
    )
    expectError(await setStatus(fixture.campaignId, 'published'), 'CONFLICT', 409)

    expectOk(await setStatus(fixture.campaignId, 'archived'), CampaignStatusResultSchema)
    expect(await listed(fixture.slug)).toBe(false)
    // Its page stays for the links to it; it takes no more sign-ups.
    expect((await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: fixture.slug }))).status).toBe(200)
    const other = await createTestMember()
    await call(h.app, 'PUT', ADDRESS_PATH, { token: other.bearer, body: GOOD_ADDRESS })
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: other.bearer, body: { campaignId: fixture.campaignId } }), 'CONFLICT', 409)

    const entries = await h.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${fixture.campaignId}`)
    expect(entries.map((e) => [e.action, e.actorUid, (e.changes.after as { status: string }).status])).toEqual([
      ['campaign.status', manager.uid, 'published'],
      ['campaign.status', manager.uid, 'archived'],
    ])
  })

  it('refuses to publish a campaign that lacks what a member needs, naming each part, and changes nothing', async () => {
    const fixture = await createCampaign(h.deps.db, h.clock.now(), { tasks: { review: false } })
    await h.deps.db.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.id, fixture.campaignId))
    await h.deps.db.update(products).set({ images: [] }).where(eq(products.id, fixture.productId))
    await h.deps.db.delete(flights).where(eq(flights.id, fixture.flightId))
    const refused = expectError(await setStatus(fixture.campaignId, 'published'), 'CONFLICT', 409)
    expect(refused.reason).toEqual({ code: 'not-publishable', missing: ['product-image', 'flight', 'review-task'] })
    const [row] = await h.deps.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, fixture.campaignId))
    expect(row?.status).toBe('draft')
    expectError(await setStatus(fixture.campaignId, 'draft'), 'BAD_REQUEST', 400)
    expectError(await setStatus(crypto.randomUUID(), 'archived'), 'NOT_FOUND', 404)
  })
})
