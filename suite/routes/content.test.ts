import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { campaigns } from '../db/schema'
import { PublicReviewPageSchema } from '../../contract/campaigns'
import { MemberReviewSchema, RcProductSchema, SocialPostSchema, SocialPostsResultSchema } from '../../contract/content'
import { ParticipationSchema, ShipmentSchema, ShipmentsResultSchema } from '../../contract/participations'
import {
  ACK_QUESTIONNAIRE_PATH,
  ADDRESS_PATH,
  CAMPAIGN_ELIGIBILITY_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  CAMPAIGN_PARTICIPATIONS_PATH,
  FLIGHT_REVIEW_PATH,
  FLIGHT_SOCIAL_IMPRESSIONS_PATH,
  FLIGHT_SOCIAL_PATH,
  PROCESS_SIGNUP_PATH,
  PUBLIC_CAMPAIGN_PATH,
  PUBLIC_REVIEW_PATH,
  RC_PRODUCT_PATH,
  SHIPMENTS_PATH,
  SHIPMENT_RETURN_PATH,
  fillPath,
} from '../../contract/paths'
import { approveReview, deliver, issueReturnLabel, rejectReview, ship } from '../services/operations'
import { commandLineActor } from '../actors/actor'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'

let h: Harness
let ada: TestMember
let bob: TestMember
let campaign: CampaignFixture
let participationId: string

const review = (participationId: string) => ({
  participationId,
  rating: 4,
  title: 'Boils fast, pours clean',
  body: 'I used it every morning for three weeks. It boils a litre in under three minutes and the spout never drips.',
  receivedForFree: true,
})

beforeAll(async () => {
  ;[h, ada, bob] = await Promise.all([createHarness(), createTestMember({ displayName: 'Ada L.' }), createTestMember()])
  await call(h.app, 'PUT', ADDRESS_PATH, { token: ada.bearer, body: GOOD_ADDRESS })
  campaign = await createCampaign(h.deps.db, h.clock.now())
  const p = expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: campaign.campaignId } }), ParticipationSchema, 201)
  participationId = p.id
})
afterAll(() => h?.close())

describe('shipments and returns', () => {
  it('follows the shipment through the operator transitions and takes a return request', async () => {
    const rc = expectOk(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: ada.bearer, query: { productId: campaign.productId, campaignId: campaign.campaignId } }),
      RcProductSchema,
    )
    expect(rc).toMatchObject({ canSubmit: false, reason: 'You can review once the product has arrived.' })
    expectError(await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: ada.bearer, body: review(participationId) }), 'CONFLICT', 409)

    await ship(h.deps, participationId, 'DHL', 'JD0001', commandLineActor())
    let [shipment] = expectOk(await call(h.app, 'GET', SHIPMENTS_PATH, { token: ada.bearer }), ShipmentsResultSchema).shipments
    expect(shipment).toMatchObject({ status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0001', return: null })
    const returnPath = fillPath(SHIPMENT_RETURN_PATH, { sid: shipment!.id })
    expectError(await call(h.app, 'POST', returnPath, { token: ada.bearer, body: { reason: 'damaged' } }), 'CONFLICT', 409)

    await deliver(h.deps, shipment!.id, commandLineActor())
    expectError(await call(h.app, 'POST', returnPath, { token: ada.bearer, body: { reason: 'broken' } }), 'BAD_REQUEST', 400)
    expectError(await call(h.app, 'POST', returnPath, { token: bob.bearer, body: { reason: 'damaged' } }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'POST', returnPath, { body: { reason: 'damaged' } }), 'UNAUTHENTICATED', 401)
    const requested = expectOk(
      await call(h.app, 'POST', returnPath, { token: ada.bearer, body: { reason: 'damaged', comment: 'The lid cracked' } }),
      ShipmentSchema,
    )
    expect(requested.return).toMatchObject({ status: 'requested', reason: 'damaged', comment: 'The lid cracked' })
    expectError(await call(h.app, 'POST', returnPath, { token: ada.bearer, body: { reason: 'damaged' } }), 'CONFLICT', 409)
    await issueReturnLabel(h.deps, shipment!.id, 'https://labels.example/abc.pdf', commandLineActor())
    ;[shipment] = expectOk(await call(h.app, 'GET', SHIPMENTS_PATH, { token: ada.bearer }), ShipmentsResultSchema).shipments
    expect(shipment?.return).toMatchObject({ status: 'label-issued', labelUrl: 'https://labels.example/abc.pdf' })
    expect(expectOk(await call(h.app, 'GET', SHIPMENTS_PATH, { token: bob.bearer }), ShipmentsResultSchema).shipments).toEqual([])
  })
})

describe('reviews', () => {
  it('takes one review per participation, moderated by an operator', async () => {
    const rc = expectOk(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: ada.bearer, query: { productId: campaign.productId, campaignId: campaign.campaignId } }),
      RcProductSchema,
    )
    expect(rc.canSubmit).toBe(true)

    const bad = expectError(
      await call(h.app, 'POST', FLIGHT_REVIEW_PATH, {
        token: ada.bearer,
        body: { ...review(participationId), rating: 7, body: 'short', receivedForFree: false },
      }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['body', 'rating', 'receivedForFree'])
    expectError(await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: bob.bearer, body: review(participationId) }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { body: review(participationId) }), 'UNAUTHENTICATED', 401)

    const submitted = expectOk(await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: ada.bearer, body: review(participationId) }), MemberReviewSchema, 201)
    expect(submitted.status).toBe('pending')
    const mine = async () =>
      expectOk(
        await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: participationId }), { token: ada.bearer }),
        ParticipationSchema,
      )
    const waiting = await mine()
    expect(waiting).toMatchObject({ status: 'reviewed', completedAt: null, review: { id: submitted.id, status: 'pending', publishedAt: null } })
    expect(waiting.campaign.tasks).toEqual({ questionnaire: true, purchaseIntent: false, review: true, social: true, socialPlatforms: [], impressions: true })
    expectError(await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: ada.bearer, body: review(participationId) }), 'CONFLICT', 409)
    expectError(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: submitted.id })), 'NOT_FOUND', 404)

    await rejectReview(h.deps, submitted.id, 'Please remove the brand comparison', commandLineActor())
    const after = expectOk(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: ada.bearer, query: { productId: campaign.productId, campaignId: campaign.campaignId } }),
      RcProductSchema,
    )
    expect(after).toMatchObject({ canSubmit: true, review: { status: 'rejected', rejectionReason: 'Please remove the brand comparison' } })
    const resubmitted = expectOk(
      await call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: ada.bearer, body: { ...review(participationId), rating: 5 } }),
      MemberReviewSchema,
      201,
    )
    expect(resubmitted.id).toBe(submitted.id)
    await approveReview(h.deps, submitted.id, commandLineActor())
    const published = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: submitted.id })), PublicReviewPageSchema)
    expect(published).toMatchObject({ rating: 5, authorName: 'Ada L.', receivedForFree: true })
    // Published, but the campaign's questionnaire and social tasks are still open: not completed yet.
    const reviewed = await mine()
    expect(reviewed).toMatchObject({ status: 'reviewed', completedAt: null, review: { status: 'published', publishedAt: published.publishedAt } })
    expectError(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: ada.bearer, query: { productId: crypto.randomUUID(), campaignId: campaign.campaignId } }),
      'NOT_FOUND',
      404,
    )
    expectError(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: ada.bearer, query: { productId: 'x', campaignId: campaign.campaignId } }),
      'BAD_REQUEST',
      400,
    )
  })
})

describe('social posts and impressions', () => {
  it('records one post per platform and its impressions reports', async () => {
    const post = expectOk(
      await call(h.app, 'POST', FLIGHT_SOCIAL_PATH, {
        token: ada.bearer,
        body: { participationId, platform: 'instagram', url: 'https://instagram.com/p/abc' },
      }),
      SocialPostSchema,
      201,
    )
    expectError(
      await call(h.app, 'POST', FLIGHT_SOCIAL_PATH, {
        token: ada.bearer,
        body: { participationId, platform: 'instagram', url: 'https://instagram.com/p/def' },
      }),
      'CONFLICT',
      409,
    )
    expectError(
      await call(h.app, 'POST', FLIGHT_SOCIAL_PATH, { token: ada.bearer, body: { participationId, platform: 'tiktok', url: 'javascript:alert(1)' } }),
      'BAD_REQUEST',
      400,
    )
    expectError(
      await call(h.app, 'POST', FLIGHT_SOCIAL_PATH, { token: bob.bearer, body: { participationId, platform: 'tiktok', url: 'https://tiktok.com/@x/1' } }),
      'NOT_FOUND',
      404,
    )
    // A campaign that names its platforms takes posts on those only.
    const [row] = await h.deps.db.select({ tasks: campaigns.tasks }).from(campaigns).where(eq(campaigns.id, campaign.campaignId))
    await h.deps.db
      .update(campaigns)
      .set({ tasks: { ...row!.tasks, socialPlatforms: ['instagram', 'tiktok'] } })
      .where(eq(campaigns.id, campaign.campaignId))
    const elsewhere = expectError(
      await call(h.app, 'POST', FLIGHT_SOCIAL_PATH, {
        token: ada.bearer,
        body: { participationId, platform: 'youtube', url: 'https://youtube.com/watch?v=1' },
      }),
      'BAD_REQUEST',
      400,
    )
    expect(elsewhere.fields).toEqual({ platform: ['must be one of: instagram, tiktok'] })
    const reported = expectOk(
      await call(h.app, 'POST', FLIGHT_SOCIAL_IMPRESSIONS_PATH, {
        token: ada.bearer,
        body: { postId: post.id, reach: 1200, likes: 140, comments: 12, shares: 3 },
      }),
      SocialPostSchema,
      201,
    )
    expect(reported.impressions).toHaveLength(1)
    expectError(
      await call(h.app, 'POST', FLIGHT_SOCIAL_IMPRESSIONS_PATH, {
        token: ada.bearer,
        body: { postId: post.id, reach: -1, likes: 1.5, comments: 0, shares: 0 },
      }),
      'BAD_REQUEST',
      400,
    )
    expectError(
      await call(h.app, 'POST', FLIGHT_SOCIAL_IMPRESSIONS_PATH, { token: bob.bearer, body: { postId: post.id, reach: 1, likes: 0, comments: 0, shares: 0 } }),
      'NOT_FOUND',
      404,
    )
    const list = expectOk(await call(h.app, 'GET', FLIGHT_SOCIAL_PATH, { token: ada.bearer, query: { participationId } }), SocialPostsResultSchema)
    expect(list.posts).toHaveLength(1)
    expect(list.posts[0]?.impressions[0]).toMatchObject({ reach: 1200, likes: 140 })
    expectError(await call(h.app, 'GET', FLIGHT_SOCIAL_PATH, { token: bob.bearer, query: { participationId } }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'GET', FLIGHT_SOCIAL_PATH, { query: { participationId } }), 'UNAUTHENTICATED', 401)

    // The questionnaire was the last open task: acknowledging it completes the test.
    const mine = async () =>
      expectOk(
        await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATION_PATH, { cid: campaign.campaignId, pid: participationId }), { token: ada.bearer }),
        ParticipationSchema,
      )
    expect(await mine()).toMatchObject({ status: 'reviewed', completedAt: null })
    h.clock.advance(60_000)
    expectOk(await call(h.app, 'POST', ACK_QUESTIONNAIRE_PATH, { token: ada.bearer, body: { participationId } }), ParticipationSchema)
    expect(await mine()).toMatchObject({ status: 'completed', completedAt: h.clock.now().toISOString() })
  })
})

describe('a draft campaign', () => {
  it('is served to no member and no visitor: every call that names it answers as for an unknown one', async () => {
    const draft = await createCampaign(h.deps.db, h.clock.now())
    await h.deps.db.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.id, draft.campaignId))
    const unknown = crypto.randomUUID()
    const notFoundFor = async (path: string, query?: Record<string, string>) => {
      const answer = await call(h.app, 'GET', path, { token: bob.bearer, ...(query && { query }) })
      return expectError(answer, 'NOT_FOUND', 404).message
    }
    // The review page's data: its product, title and slug.
    expect(await notFoundFor(RC_PRODUCT_PATH, { productId: draft.productId, campaignId: draft.campaignId })).toBe(
      await notFoundFor(RC_PRODUCT_PATH, { productId: draft.productId, campaignId: unknown }),
    )
    // The member's participations in it: none could exist, and the id says nothing either.
    expect(await notFoundFor(fillPath(CAMPAIGN_PARTICIPATIONS_PATH, { cid: draft.campaignId }))).toBe(
      await notFoundFor(fillPath(CAMPAIGN_PARTICIPATIONS_PATH, { cid: unknown })),
    )
    expect(await notFoundFor(CAMPAIGN_ELIGIBILITY_PATH, { campaignId: draft.campaignId })).toBe(
      await notFoundFor(CAMPAIGN_ELIGIBILITY_PATH, { campaignId: unknown }),
    )
    for (const idOrSlug of [draft.campaignId, draft.slug]) {
      expectError(await call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug })), 'NOT_FOUND', 404)
    }
    expectError(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: ada.bearer, body: { campaignId: draft.campaignId } }), 'NOT_FOUND', 404)

    // Published, the same calls answer.
    await h.deps.db.update(campaigns).set({ status: 'published' }).where(eq(campaigns.id, draft.campaignId))
    expectOk(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: bob.bearer, query: { productId: draft.productId, campaignId: draft.campaignId } }),
      RcProductSchema,
    )
    expect((await call(h.app, 'GET', fillPath(CAMPAIGN_PARTICIPATIONS_PATH, { cid: draft.campaignId }), { token: bob.bearer })).status).toBe(200)
  })
})
