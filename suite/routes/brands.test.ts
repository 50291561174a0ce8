// Brands: an admin invites a brand's user by e-mail, the invitee joins with the link, follows the
// brand's campaigns and takes their reviews away; and nothing of another brand reaches them, tried
// on every brand endpoint of the table with the other brand's ids.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BRAND_INVITATION_DAYS,
  BrandCampaignListSchema,
  BrandInvitationSchema,
  BrandSelfSchema,
  OpsBrandInvitationSchema,
  OpsBrandListSchema,
  OpsBrandSchema,
} from '../../contract/brands'
import { ENDPOINTS, type EndpointName } from '../../contract/endpoints'
import { fillPath } from '../../contract/paths'
import { CampaignResultsSchema } from '../../contract/results'
import { AuditPageSchema } from '../../contract/ops-audit'
import { campaigns, products, reviews } from '../db/schema'
import { createCampaign, insertReviews, type CampaignFixture } from '../test/fixtures'
import { credentialHeaders, call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { messagesTo } from '../test/outbox'
import { createTestBrandViewer, createTestStaff, passSecondFactor } from '../test/staff'

let h: Harness
let admin: TestMember

beforeAll(async () => {
  h = await createHarness()
  admin = await createTestStaff(h.deps.db, ['admin'])
  // The suite's clock starts at the real time once the admin has signed in, so the sign-in does not lie
  // ahead of it however long the setup took; from here it moves only as the tests move it.
  h.clock.set(new Date())
})
afterAll(() => h?.close())

/** A published campaign of the brand of this name, with `reviews` published reviews whose text carries the tag. */
async function brandCampaign(brandName: string, tag: string, count = 2): Promise<CampaignFixture> {
  const campaign = await createCampaign(h.deps.db, h.clock.now(), { phase: 'testing' })
  await h.deps.db.update(products).set({ brand: brandName }).where(eq(products.id, campaign.productId))
  await h.deps.db
    .update(campaigns)
    .set({ title: `${tag} campaign` })
    .where(eq(campaigns.id, campaign.campaignId))
  await insertReviews(h.deps.db, h.clock.now(), campaign, count, { tag, photo: true })
  return campaign
}

async function invite(brandId: string, email: string) {
  // A second apart, so the newest message in the outbox is this invitation's.
  h.clock.advance(1000)
  return expectOk(
    await call(h.app, 'POST', fillPath(ENDPOINTS.opsInviteBrandUser.path, { id: brandId }), { token: admin.bearer, body: { email } }),
    OpsBrandInvitationSchema,
    201,
  )
}

/** The token of the newest invitation link sent to this address. */
async function invitationToken(email: string): Promise<string> {
  const [message] = await messagesTo(h.app, email)
  const token = /join-brand\?token=([A-Za-z0-9_-]{43})/.exec(message?.body ?? '')?.[1]
  if (!token) throw new Error(`No invitation was sent to ${email}`)
  return token
}

const accept = (person: TestMember, token: string) => call(h.app, 'POST', ENDPOINTS.acceptBrandInvitation.path, { token: person.bearer, body: { token } })

describe('joining a brand by invitation', () => {
  it('lets the invited address join once, within the days the link lasts, and audits each step', async () => {
    const brand = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsCreateBrand.path, { token: admin.bearer, body: { name: 'Lumen Kitchen' } }),
      OpsBrandSchema,
      201,
    )
    // One brand per name, case aside.
    const twice = expectError(
      await call(h.app, 'POST', ENDPOINTS.opsCreateBrand.path, { token: admin.bearer, body: { name: 'lumen kitchen' } }),
      'BAD_REQUEST',
      400,
    )
    expect(twice.fields).toEqual({ name: ['exists already'] })

    const invitee = await createTestMember({ displayName: 'Bea Brand', emailVerified: true })
    const sent = await invite(brand.id, invitee.email.toUpperCase())
    expect(sent).toMatchObject({ email: invitee.email, state: 'open' })
    expect(Date.parse(sent.expiresAt) - Date.parse(sent.createdAt)).toBe(BRAND_INVITATION_DAYS * 86_400_000)
    const [message] = await messagesTo(h.app, invitee.email)
    expect(message).toMatchObject({ subject: 'Follow the product tests of Lumen Kitchen on Testers Circle' })
    const token = await invitationToken(invitee.email)
    // Only the token's hash is kept.
    const stored = await h.deps.db.execute(`select token_hash from brand_invitations where id = '${sent.id}'`)
    expect(JSON.stringify(stored)).not.toContain(token)

    // Someone else signed in sees whom it is for, and cannot take it.
    const other = await createTestMember()
    const seen = expectOk(await call(h.app, 'POST', ENDPOINTS.brandInvitation.path, { token: other.bearer, body: { token } }), BrandInvitationSchema)
    expect(seen).toMatchObject({ brand: { id: brand.id, name: 'Lumen Kitchen' }, email: invitee.email, state: 'open', forYou: false })
    expectError(await accept(other, token), 'FORBIDDEN', 403)
    // A staff account cannot join: staff read every brand already.
    const staffInvitee = await createTestStaff(h.deps.db, ['moderator'])
    await invite(brand.id, staffInvitee.email)
    expect(expectError(await accept(staffInvitee, await invitationToken(staffInvitee.email)), 'BAD_REQUEST', 400).reason).toEqual({ code: 'staff-account' })
    // The invited address, on an account that never confirmed it: confirmed first.
    const unconfirmed = await createTestMember({ emailVerified: false })
    await invite(brand.id, unconfirmed.email)
    const unconfirmedToken = await invitationToken(unconfirmed.email)
    const offered = expectOk(
      await call(h.app, 'POST', ENDPOINTS.brandInvitation.path, { token: unconfirmed.bearer, body: { token: unconfirmedToken } }),
      BrandInvitationSchema,
    )
    expect(offered).toMatchObject({ forYou: true, emailVerified: false })
    expect(expectError(await accept(unconfirmed, unconfirmedToken), 'BAD_REQUEST', 400).reason).toEqual({ code: 'email-unconfirmed' })
    // A token nobody was sent.
    expectError(await accept(invitee, 'A'.repeat(43)), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'GET', ENDPOINTS.brandSelf.path, { token: invitee.bearer }), 'FORBIDDEN', 403)

    expect(expectOk(await call(h.app, 'POST', ENDPOINTS.brandInvitation.path, { token: invitee.bearer, body: { token } }), BrandInvitationSchema).forYou).toBe(
      true,
    )
    const joined = expectOk(await accept(invitee, token), BrandSelfSchema)
    expect(joined).toEqual({ uid: invitee.uid, email: invitee.email, name: 'Bea Brand', brand: { id: brand.id, name: 'Lumen Kitchen' } })
    // A brand user's calls answer once their session has passed a second factor (enrolled on the brand pages).
    expectError(await call(h.app, 'GET', ENDPOINTS.brandSelf.path, { token: invitee.bearer }), 'SECOND_FACTOR_REQUIRED', 403)
    await passSecondFactor(h.deps.db, invitee.uid)
    expect(expectOk(await call(h.app, 'GET', ENDPOINTS.brandSelf.path, { token: invitee.bearer }), BrandSelfSchema).brand.id).toBe(brand.id)
    // The same link again is harmless for its own account, and used up for anyone else.
    expectOk(await accept(invitee, token), BrandSelfSchema)
    expect(expectError(await accept(other, token), 'CONFLICT', 409).reason).toEqual({ code: 'invitation-closed', state: 'accepted' })

    const listed = expectOk(await call(h.app, 'GET', ENDPOINTS.opsBrands.path, { token: admin.bearer }), OpsBrandListSchema).items.find(
      (b) => b.id === brand.id,
    )
    expect(listed?.users).toEqual([expect.objectContaining({ uid: invitee.uid, email: invitee.email })])
    // The staff person's invitation is still open; the accepted one is no longer listed.
    expect(listed?.invitations.map((i) => [i.email, i.state]).sort()).toEqual(
      [
        [staffInvitee.email, 'open'],
        [unconfirmed.email, 'open'],
      ].sort(),
    )

    // Removed: the next call is refused.
    const removed = await call(h.app, 'DELETE', fillPath(ENDPOINTS.opsRemoveBrandUser.path, { id: brand.id, uid: invitee.uid }), { token: admin.bearer })
    expect(removed.json).toEqual({ status: 'OK', data: { removed: true } })
    expectError(await call(h.app, 'GET', ENDPOINTS.brandCampaigns.path, { token: invitee.bearer }), 'FORBIDDEN', 403)
    // The old link does not bring them back.
    expectError(await accept(invitee, token), 'CONFLICT', 409)

    const audit = expectOk(await call(h.app, 'GET', ENDPOINTS.opsAudit.path, { token: admin.bearer, query: { targetId: brand.id } }), AuditPageSchema)
    expect(audit.items.map((entry) => [entry.action, entry.actorUid]).reverse()).toEqual([
      ['brand.create', admin.uid],
      ['brand.invite', admin.uid],
      ['brand.invite', admin.uid],
      ['brand.invite', admin.uid],
      ['brand.join', invitee.uid],
      ['brand.remove-user', admin.uid],
    ])
    // An invitee is not a member: the audit keeps the invitation's id, never the address.
    expect(JSON.stringify(audit.items)).not.toContain(staffInvitee.email)
  })

  it('refuses an expired or withdrawn link, and a second invitation replaces the first', async () => {
    const brand = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsCreateBrand.path, { token: admin.bearer, body: { name: 'Fenwick Outdoor' } }),
      OpsBrandSchema,
      201,
    )
    const invitee = await createTestMember({ emailVerified: true })

    await invite(brand.id, invitee.email)
    const first = await invitationToken(invitee.email)
    const second = await invite(brand.id, invitee.email)
    expect(expectError(await accept(invitee, first), 'CONFLICT', 409).reason).toEqual({ code: 'invitation-closed', state: 'withdrawn' })
    const withdrawn = expectOk(
      await call(h.app, 'DELETE', fillPath(ENDPOINTS.opsWithdrawBrandInvitation.path, { id: brand.id, invitationId: second.id }), { token: admin.bearer }),
      OpsBrandInvitationSchema,
    )
    expect(withdrawn.state).toBe('withdrawn')
    expectError(await accept(invitee, await invitationToken(invitee.email)), 'CONFLICT', 409)

    await invite(brand.id, invitee.email)
    const third = await invitationToken(invitee.email)
    const before = h.clock.now()
    h.clock.advance(BRAND_INVITATION_DAYS * 86_400_000 + 1000)
    try {
      const seen = expectOk(await call(h.app, 'POST', ENDPOINTS.brandInvitation.path, { token: invitee.bearer, body: { token: third } }), BrandInvitationSchema)
      expect(seen.state).toBe('expired')
      expect(expectError(await accept(invitee, third), 'CONFLICT', 409).reason).toEqual({ code: 'invitation-closed', state: 'expired' })
    } finally {
      // Back to where the clock was (inviting needs the admin's sign-in recent, however long the tests so far took).
      h.clock.set(before)
    }
    // Another brand's invitation cannot be withdrawn through this brand.
    const other = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsCreateBrand.path, { token: admin.bearer, body: { name: 'Other Outdoor' } }),
      OpsBrandSchema,
      201,
    )
    const theirs = await invite(other.id, 'someone@example.test')
    expectError(
      await call(h.app, 'DELETE', fillPath(ENDPOINTS.opsWithdrawBrandInvitation.path, { id: brand.id, invitationId: theirs.id }), { token: admin.bearer }),
      'NOT_FOUND',
      404,
    )
  })

  it('binds a product to the brand it names, adding the brand when new', async () => {
    const campaign = await brandCampaign('Orchard & Co', 'orchard', 0)
    const [product] = await h.deps.db.select().from(products).where(eq(products.id, campaign.productId))
    const list = expectOk(await call(h.app, 'GET', ENDPOINTS.opsBrands.path, { token: admin.bearer }), OpsBrandListSchema)
    const brand = list.items.find((item) => item.name === 'Orchard & Co')
    expect(brand).toMatchObject({ id: product!.brandId, products: 1, campaigns: 1 })
    // Named in other letters, the same brand.
    await h.deps.db.update(products).set({ brand: 'ORCHARD & CO' }).where(eq(products.id, campaign.productId))
    const [renamed] = await h.deps.db.select().from(products).where(eq(products.id, campaign.productId))
    expect(renamed!.brandId).toBe(brand!.id)
  })
})

type BrandEndpointName = { [K in EndpointName]: (typeof ENDPOINTS)[K]['auth'] extends 'brand' ? K : never }[EndpointName]

describe('tenancy: a brand sees its own campaigns and nothing of another', () => {
  interface Side {
    name: string
    tag: string
    viewer: TestMember
    campaign: CampaignFixture
    draft: CampaignFixture
    reviewIds: string[]
  }
  let north: Side
  let south: Side
  /** A user of the north brand whose session passed no second factor: a password alone. */
  let northWithoutFactor: TestMember

  beforeAll(async () => {
    const make = async (name: string, tag: string): Promise<Side> => {
      const campaign = await brandCampaign(name, tag)
      const draft = await brandCampaign(name, `${tag}draft`, 0)
      await h.deps.db.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.id, draft.campaignId))
      const rows = await h.deps.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.campaignId, campaign.campaignId))
      return { name, tag, viewer: await createTestBrandViewer(h.deps.db, name), campaign, draft, reviewIds: rows.map((row) => row.id) }
    }
    north = await make('Northwind Tenancy', 'northwind')
    south = await make('Southwind Tenancy', 'southwind')
    northWithoutFactor = await createTestBrandViewer(h.deps.db, 'Northwind Tenancy', { secondFactor: false })
  })

  /** What of a brand may not appear in the other's answers: its name, campaigns, ids and review texts. */
  const tracesOf = (side: Side) => [
    side.name,
    `${side.tag} campaign`,
    side.campaign.campaignId,
    side.draft.campaignId,
    `review ${side.tag}-`,
    ...side.reviewIds,
  ]

  // Typed by the endpoint table: a brand endpoint added without a sample here does not compile. Each
  // names the path for a campaign id, and what of its own brand the answer must hold.
  const SAMPLES: Record<BrandEndpointName, { path: (campaignId: string) => string; holds: (side: Side) => string }> = {
    brandSelf: { path: () => ENDPOINTS.brandSelf.path, holds: (side) => side.name },
    brandCampaigns: { path: () => ENDPOINTS.brandCampaigns.path, holds: (side) => `${side.tag} campaign` },
    brandCampaignResults: { path: (id) => fillPath(ENDPOINTS.brandCampaignResults.path, { id }), holds: (side) => `${side.tag} campaign` },
    brandCampaignReviewsCsv: { path: (id) => fillPath(ENDPOINTS.brandCampaignReviewsCsv.path, { id }), holds: (side) => `review ${side.tag}-` },
    brandCampaignPhotosZip: {
      path: (id) => fillPath(ENDPOINTS.brandCampaignPhotosZip.path, { id }),
      // The ZIP's index names each photo's review (stored, so its text is readable in the bytes).
      holds: (side) => side.reviewIds[0]!,
    },
    brandCampaignReviewsJson: { path: (id) => fillPath(ENDPOINTS.brandCampaignReviewsJson.path, { id }), holds: (side) => `review ${side.tag}-` },
  }
  const brandEndpoints = Object.entries(ENDPOINTS).filter(([, e]) => e.auth === 'brand') as [BrandEndpointName, (typeof ENDPOINTS)[BrandEndpointName]][]

  it('has a sample for every brand endpoint', () => {
    expect(brandEndpoints.map(([name]) => name).sort()).toEqual(Object.keys(SAMPLES).sort())
  })

  const cases = brandEndpoints.flatMap(([name, endpoint]) => [
    { name, endpoint, who: 'north', other: 'south' },
    { name, endpoint, who: 'south', other: 'north' },
  ])

  it.each(cases)("$name: the $who brand's user, with its own ids and the $other brand's", async ({ name, endpoint, who }) => {
    const [mine, theirs] = who === 'north' ? [north, south] : [south, north]
    const sample = SAMPLES[name]
    const get = (campaignId: string) => h.app.request(`/${sample.path(campaignId)}`, { headers: credentialHeaders(mine.viewer.bearer) })
    const own = await get(mine.campaign.campaignId)
    expect(own.status).toBe(200)
    const ownText = await own.text()
    // The check can fail: the answer holds the brand's own data.
    expect(ownText).toContain(sample.holds(mine))
    for (const trace of tracesOf(theirs)) expect(ownText).not.toContain(trace)

    if (endpoint.path.includes(':id')) {
      // The other brand's campaign, its draft, and the brand's own draft: not found, and nothing of them.
      for (const id of [theirs.campaign.campaignId, theirs.draft.campaignId, mine.draft.campaignId]) {
        const result = await get(id)
        expect(result.status, id).toBe(404)
        const text = await result.text()
        for (const trace of [...tracesOf(theirs), `${mine.tag}draft campaign`]) expect(text).not.toContain(trace)
      }
    }
  })

  it.each(brandEndpoints)('%s refuses a brand user whose session passed no second factor, and says nothing of the brand', async (name) => {
    const result = await call(h.app, 'GET', SAMPLES[name].path(north.campaign.campaignId), { token: northWithoutFactor.bearer })
    expectError(result, 'SECOND_FACTOR_REQUIRED', 403)
    for (const trace of tracesOf(north)) expect(JSON.stringify(result.json)).not.toContain(trace)
  })

  // A user of the brand whose account's e-mail address was never confirmed: refused on every brand
  // endpoint, with the brand's own campaign, and nothing of the brand in the answer.
  it.each(brandEndpoints)('%s: a brand user with an unconfirmed e-mail is refused', async (name) => {
    const unconfirmed = await createTestBrandViewer(h.deps.db, north.name, { emailVerified: false })
    const result = await call(h.app, 'GET', SAMPLES[name].path(north.campaign.campaignId), { token: unconfirmed.bearer })
    expectError(result, 'FORBIDDEN', 403)
    expect(Object.keys(result.json as object).sort()).toEqual(['message', 'status'])
    for (const trace of tracesOf(north)) expect(JSON.stringify(result.json)).not.toContain(trace)
  })

  it("lists the brand's campaigns past draft, and the results match what staff see", async () => {
    const list = expectOk(await call(h.app, 'GET', ENDPOINTS.brandCampaigns.path, { token: north.viewer.bearer }), BrandCampaignListSchema)
    expect(list.items.map((item) => item.id)).toEqual([north.campaign.campaignId])
    const asBrand = expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.brandCampaignResults.path, { id: north.campaign.campaignId }), { token: north.viewer.bearer }),
      CampaignResultsSchema,
    )
    const manager = await createTestStaff(h.deps.db, ['campaign-manager'])
    const asStaff = expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignResults.path, { id: north.campaign.campaignId }), { token: manager.bearer }),
      CampaignResultsSchema,
    )
    expect({ ...asBrand, readAt: '' }).toEqual({ ...asStaff, readAt: '' })
    expect(asBrand.ratings.published).toBe(2)
    // Staff read a draft's results; its brand does not.
    expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignResults.path, { id: north.draft.campaignId }), { token: manager.bearer }),
      CampaignResultsSchema,
    )
  })

  it("audits a brand user's export as theirs", async () => {
    const result = await h.app.request(`/${SAMPLES.brandCampaignReviewsCsv.path(south.campaign.campaignId)}`, {
      headers: credentialHeaders(south.viewer.bearer),
    })
    expect(result.status).toBe(200)
    await result.text()
    const audit = expectOk(
      await call(h.app, 'GET', ENDPOINTS.opsAudit.path, {
        token: admin.bearer,
        query: { targetId: south.campaign.campaignId, action: 'campaign.export-reviews' },
      }),
      AuditPageSchema,
    )
    expect(audit.items[0]).toMatchObject({ actorUid: south.viewer.uid, actorEmail: south.viewer.email })
  })
})
