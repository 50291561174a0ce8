// A campaign's results from a campaign built by the tests' own calls: members apply with screener
// answers, staff ship and deliver, testers review and post, a moderator approves. The funnel, the
// ratings and the aggregates are what those calls make, and groups under five people are hidden.
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, FLIGHT_REVIEW_PATH, FLIGHT_SOCIAL_IMPRESSIONS_PATH, FLIGHT_SOCIAL_PATH, fillPath, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { CampaignResultsSchema } from '../../contract/results'
import { ModerationPageSchema } from '../../contract/ops-moderation'
import { OpsShipmentPageSchema } from '../../contract/ops-shipments'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let manager: TestMember
let fulfilment: TestMember
let moderator: TestMember
let campaign: CampaignFixture

const SCREENER = [
  { id: 'coffee', prompt: 'How do you take your coffee?', kind: 'single' as const, options: ['Black', 'With milk', 'Oat'], required: true },
  { id: 'when', prompt: 'When do you drink it?', kind: 'multi' as const, options: ['Morning', 'Afternoon', 'Evening'], required: true },
  { id: 'why', prompt: 'Why this product?', kind: 'text' as const, options: [], required: false },
]
/** Twelve applicants: their answers, their country, and how far each gets. */
const APPLICANTS = Array.from({ length: 12 }, (_, i) => ({
  coffee: i < 6 ? 'Black' : i < 10 ? 'With milk' : 'Oat',
  when: ['Morning', ...(i < 7 ? ['Evening'] : []), ...(i === 11 ? ['Afternoon'] : [])],
  why: i % 2 === 0 ? `I live at Example Street ${i}, and I love cold brew.` : undefined,
  country: i < 6 ? 'DE' : 'GB',
}))
/** The first seven of the eight selected are shipped and delivered; six review; the first five reviews are approved. */
const RATINGS = [5, 5, 4, 4, 3, 2]

beforeAll(async () => {
  h = await createHarness()
  ;[manager, fulfilment, moderator] = await Promise.all([
    createTestStaff(h.deps.db, ['campaign-manager']),
    createTestStaff(h.deps.db, ['fulfilment']),
    createTestStaff(h.deps.db, ['moderator']),
  ])
  campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 8, screener: SCREENER, tasks: { questionnaire: false, social: true } })

  const testers: Array<{ member: TestMember; participationId: string }> = []
  for (const [i, applicant] of APPLICANTS.entries()) {
    const member = await createTestMember({ displayName: `Applicant ${i}` })
    await call(h.app, 'PUT', ADDRESS_PATH, {
      token: member.bearer,
      body: { ...GOOD_ADDRESS, country: applicant.country, postalCode: applicant.country === 'GB' ? 'SW1A 1AA' : '10115' },
    })
    const answers = [
      { questionId: 'coffee', answer: applicant.coffee },
      { questionId: 'when', answer: applicant.when },
      ...(applicant.why ? [{ questionId: 'why', answer: applicant.why }] : []),
    ]
    const participation = expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId, answers } }),
      ParticipationSchema,
      201,
    )
    testers.push({ member, participationId: participation.id })
  }
  // Staff ship and deliver the first seven parcels.
  const pending = expectOk(
    await call(h.app, 'GET', ENDPOINTS.opsShipments.path, { token: fulfilment.bearer, query: { campaign: campaign.slug, pageSize: '100' } }),
    OpsShipmentPageSchema,
  )
  const shipmentOf = new Map(pending.items.map((s) => [s.participationId, s.shipmentId]))
  for (const { participationId } of testers.slice(0, 7)) {
    const path = fillPath(ENDPOINTS.opsShipmentAction.path, { id: shipmentOf.get(participationId)! })
    expectOk(await call(h.app, 'POST', path, { token: fulfilment.bearer, body: { action: 'ship', carrier: 'DHL', trackingNumber: 'JD0146000012' } }), v.any())
    expectOk(await call(h.app, 'POST', path, { token: fulfilment.bearer, body: { action: 'deliver' } }), v.any())
  }
  // The reviews come 7.2 hours after the parcels (staff sessions last 8 hours in the test's clock).
  h.clock.advance(7.2 * 60 * 60 * 1000)
  for (const [i, rating] of RATINGS.entries()) {
    const body = {
      participationId: testers[i]!.participationId,
      rating,
      title: `Review ${i}`,
      body: 'Cold brew every morning for three weeks: smooth, strong and easy to dilute.',
      receivedForFree: true,
    }
    expectOk(await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: testers[i]!.member.bearer, body }), v.any(), 201)
  }
  const queue = expectOk(
    await call(h.app, 'GET', ENDPOINTS.opsModerationQueue.path, { token: moderator.bearer, query: { campaign: campaign.slug } }),
    ModerationPageSchema,
  )
  for (const review of queue.items.filter((r) => r.title !== 'Review 5')) {
    const path = fillPath(ENDPOINTS.opsDecideReview.path, { id: review.id })
    expectOk(await call(h.app, 'POST', path, { token: moderator.bearer, body: { decision: 'approve', submittedAt: review.submittedAt } }), v.any())
  }
  // Two testers post; one reports its reach twice (the later report counts).
  const post = async (i: number, platform: string) =>
    expectOk(
      await call(h.app, 'POST', FLIGHT_SOCIAL_PATH, {
        token: testers[i]!.member.bearer,
        body: { participationId: testers[i]!.participationId, platform, url: `https://example.com/${platform}/${i}` },
      }),
      v.object({ id: v.string() }),
      201,
    )
  const instagram = await post(0, 'instagram')
  await post(1, 'tiktok')
  for (const reach of [1000, 1500]) {
    const body = { postId: instagram.id, reach, likes: reach / 10, comments: 7, shares: 3 }
    expectOk(await call(h.app, 'POST', FLIGHT_SOCIAL_IMPRESSIONS_PATH, { token: testers[0]!.member.bearer, body }), v.any(), 201)
    h.clock.advance(60_000)
  }
})
afterAll(() => h?.close())

describe("a campaign's results", () => {
  it('counts each step of the funnel from what the calls did', async () => {
    const results = expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignResults.path, { id: campaign.campaignId }), { token: manager.bearer }),
      CampaignResultsSchema,
    )
    expect(results.flights).toHaveLength(1)
    expect(results.flights[0]).toMatchObject({
      applied: 12,
      eligible: 12,
      selected: 8,
      waitlisted: 4,
      shipped: 7,
      delivered: 7,
      reviewed: 6,
      published: 5,
      withdrawn: 0,
      // Shipped and reviewed 7.2 hours apart: 0.3 days.
      medianDaysShippedToReview: 0.3,
    })
    expect(results.ratings).toEqual({
      published: 5,
      average: 4.2,
      distribution: [
        { rating: 1, reviews: 0 },
        { rating: 2, reviews: 0 },
        { rating: 3, reviews: 1 },
        { rating: 4, reviews: 2 },
        { rating: 5, reviews: 2 },
      ],
      overTime: [{ week: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), reviews: 5, average: 4.2 }],
      withPhotos: 0,
      withDisclosure: 5,
    })
    expect(results.social).toEqual({
      posts: 2,
      reach: 1500,
      platforms: [
        { platform: 'instagram', posts: 1, reach: 1500, likes: 150, comments: 7, shares: 3 },
        { platform: 'tiktok', posts: 1, reach: 0, likes: 0, comments: 0, shares: 0 },
      ],
    })
  })

  it('hides every group under five people, and a second one when only one would be hidden; never a free-text answer', async () => {
    const results = expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignResults.path, { id: campaign.campaignId }), { token: manager.bearer }),
      CampaignResultsSchema,
    )
    const [coffee, when, why] = results.screener
    // 6 black, 4 with milk, 2 oat: the two small groups hidden.
    expect(coffee).toMatchObject({
      answered: 12,
      options: [
        { label: 'Black', people: 6 },
        { label: 'With milk', people: null },
        { label: 'Oat', people: null },
      ],
    })
    // 12 morning, 7 evening, 1 afternoon: the afternoon alone would be the difference, so the evening goes too.
    expect(when).toMatchObject({
      answered: 12,
      options: [
        { label: 'Morning', people: 12 },
        { label: 'Afternoon', people: null },
        { label: 'Evening', people: null },
      ],
    })
    expect(why).toEqual({ questionId: 'why', prompt: 'Why this product?', kind: 'text', answered: 6, options: [] })
    expect(JSON.stringify(results)).not.toContain('Example Street')
    // The eight testers: six in Germany, two in Britain, all newcomers, no birth dates given.
    expect(results.profile).toEqual({
      testers: 8,
      countries: [
        { label: 'DE', people: null },
        { label: 'GB', people: null },
      ],
      ageBands: [{ label: 'not given', people: 8 }],
      tiers: [{ label: 'newcomer', people: 8 }],
    })
  })

  it('is for campaign managers and admins: another role is refused, an unknown campaign is not found', async () => {
    const path = fillPath(ENDPOINTS.opsCampaignResults.path, { id: campaign.campaignId })
    expectError(await call(h.app, 'GET', path, { token: moderator.bearer }), 'FORBIDDEN', 403)
    expectError(await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignResults.path, { id: crypto.randomUUID() }), { token: manager.bearer }), 'NOT_FOUND', 404)
  })
})
