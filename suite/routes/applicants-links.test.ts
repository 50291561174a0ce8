// Linked accounts in the work of selection: support marks two linked accounts "not the same person"
// (both ways, audited, withdrawable), after which their links count nowhere; the applicants table
// lists each applicant's links that count and filters to the linked ones; and selecting an applicant
// with links that count is refused until the campaign manager confirms it.
import { and, eq, inArray, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { MemberSummarySchema } from '../../contract/members'
import { ApplicantPageSchema, SelectionResultSchema } from '../../contract/ops-applicants'
import { LinkRulingResultSchema, OpsMemberSchema } from '../../contract/ops-members'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, API_MEMBER_PATH, fillPath, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { accountLinkRulings, auditLog, campaigns, participations } from '../db/schema'
import { createCampaign, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let manager: TestMember
let support: TestMember

beforeAll(async () => {
  h = await createHarness()
  ;[manager, support] = await Promise.all([
    createTestStaff(h.deps.db, ['campaign-manager'], { displayName: 'The manager' }),
    createTestStaff(h.deps.db, ['support'], { displayName: 'The support' }),
  ])
})
afterAll(() => h?.close())

type Person = TestMember & { memberId: string; name: string }

/** A street no other test's member lives in: each household of these tests is its own. */
const street = () => `Linkweg ${Math.floor(Math.random() * 1e9)}`

/** A member living at `line1` (members at one address are linked by it). */
async function personAt(line1: string, name: string): Promise<Person> {
  const member = await createTestMember({ displayName: name })
  expect(
    (await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: { name, line1, postalCode: '10115', city: 'Berlin', country: 'DE' } })).status,
  ).toBe(200)
  const { id } = expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: member.bearer }), MemberSummarySchema)
  return { ...member, memberId: id, name }
}

/** A curated campaign: its applicants wait for a manager's choice. */
async function curatedCampaign(): Promise<CampaignFixture> {
  const campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 10 })
  await h.deps.db.update(campaigns).set({ selectionMode: 'curated' }).where(eq(campaigns.id, campaign.campaignId))
  return campaign
}

const apply = async (person: Person, campaign: CampaignFixture) =>
  expectOk(await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: person.bearer, body: { campaignId: campaign.campaignId } }), ParticipationSchema, 201)

const applicants = async (campaign: CampaignFixture, query: Record<string, string> = {}) =>
  expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsApplicants.path, { id: campaign.flightId }), { token: manager.bearer, query }), ApplicantPageSchema)

const select = (campaign: CampaignFixture, participationIds: string[], confirmLinked?: boolean) =>
  call(h.app, 'POST', fillPath(ENDPOINTS.opsSelect.path, { id: campaign.flightId }), {
    token: manager.bearer,
    body: confirmLinked === undefined ? { participationIds } : { participationIds, confirmLinked },
  })

const rulingPath = (a: Person, b: Person) => fillPath(ENDPOINTS.opsRuleLink.path, { id: a.memberId, linkedId: b.memberId })
const rule = (a: Person, b: Person, note: unknown, token = support.bearer) => call(h.app, 'POST', rulingPath(a, b), { token, body: { note } })
const withdrawRuling = (a: Person, b: Person, token = support.bearer) => call(h.app, 'DELETE', rulingPath(a, b), { token })

const recordOf = async (person: Person) =>
  expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsMember.path, { id: person.memberId }), { token: support.bearer }), OpsMemberSchema)

const auditOf = (targetIds: string[], actions: string[]) =>
  h.deps.db
    .select()
    .from(auditLog)
    .where(and(inArray(auditLog.targetId, targetIds), inArray(auditLog.action, actions)))

const rulingRows = (a: Person, b: Person) =>
  h.deps.db
    .select()
    .from(accountLinkRulings)
    .where(
      or(
        and(eq(accountLinkRulings.memberId, a.memberId), eq(accountLinkRulings.linkedMemberId, b.memberId)),
        and(eq(accountLinkRulings.memberId, b.memberId), eq(accountLinkRulings.linkedMemberId, a.memberId)),
      ),
    )

describe('"not the same person"', () => {
  it('is stored both ways with the note, audited for each account, shown on both records, and withdrawn the same way', async () => {
    const home = street()
    const mia = await personAt(home, 'Mia Link')
    const max = await personAt(home, 'Max Link')

    const ruled = expectOk(await rule(mia, max, '  Twins: support saw both passports  '), LinkRulingResultSchema)
    expect(ruled.ruling).toMatchObject({ note: 'Twins: support saw both passports', byStaffId: support.uid, byStaffEmail: support.email })
    const rows = await rulingRows(mia, max)
    expect(rows.map((r) => [r.memberId, r.linkedMemberId, r.note, r.ruledBy]).sort()).toEqual(
      [
        [mia.memberId, max.memberId, 'Twins: support saw both passports', support.uid],
        [max.memberId, mia.memberId, 'Twins: support saw both passports', support.uid],
      ].sort(),
    )
    const made = await auditOf([mia.memberId, max.memberId], ['member.rule-link'])
    expect(made.map((e) => [e.targetId, e.changes.after?.notSamePersonAs]).sort()).toEqual(
      [
        [mia.memberId, max.memberId],
        [max.memberId, mia.memberId],
      ].sort(),
    )
    expect(
      made.every((e) => e.actorUid === support.uid && e.changes.after?.note === 'Twins: support saw both passports' && e.changes.after.shared === 'address'),
    ).toBe(true)
    expect(new Set(made.map((e) => e.operationId)).size).toBe(1)
    // Both records still list the link, with the ruling: who, when and why.
    for (const [person, other] of [
      [mia, max],
      [max, mia],
    ] as const) {
      expect((await recordOf(person)).links).toEqual([
        expect.objectContaining({
          memberId: other.memberId,
          kind: 'address',
          ruling: { note: 'Twins: support saw both passports', byStaffId: support.uid, byStaffEmail: support.email, at: expect.any(String) },
        }),
      ])
    }
    // Once is enough: a second ruling, from either side, changes nothing.
    expectError(await rule(max, mia, 'Again'), 'CONFLICT', 409)
    expect(await auditOf([mia.memberId, max.memberId], ['member.rule-link'])).toHaveLength(2)

    // Withdrawn from the other side: both directions go, audited for each account.
    expect(expectOk(await withdrawRuling(max, mia), LinkRulingResultSchema)).toEqual({ ruling: null })
    expect(await rulingRows(mia, max)).toEqual([])
    const withdrawn = await auditOf([mia.memberId, max.memberId], ['member.withdraw-link-ruling'])
    expect(withdrawn.map((e) => e.targetId).sort()).toEqual([mia.memberId, max.memberId].sort())
    expect(withdrawn[0]!.changes).toMatchObject({ before: { note: 'Twins: support saw both passports', ruledBy: support.uid }, after: null })
    expect((await recordOf(mia)).links).toEqual([expect.objectContaining({ memberId: max.memberId, ruling: null })])
    expectError(await withdrawRuling(mia, max), 'CONFLICT', 409)
  })

  it('refuses accounts that are not linked, a missing or overlong note, unknown accounts and other roles, and writes nothing', async () => {
    const mia = await personAt(street(), 'Mia Alone')
    const ned = await personAt(street(), 'Ned Alone')
    const max = await personAt(street(), 'Max Alone')
    expect(expectError(await rule(mia, ned, 'They are two'), 'CONFLICT', 409).message).toMatch(/not linked/)
    expectError(await rule(mia, mia, 'Myself'), 'CONFLICT', 409)
    for (const note of ['', '   ', 'x'.repeat(501), 42]) expect(expectError(await rule(mia, ned, note), 'BAD_REQUEST', 400).fields).toHaveProperty('note')
    expectError(await call(h.app, 'POST', rulingPath(mia, ned), { token: support.bearer, body: { note: 'Two', more: true } }), 'BAD_REQUEST', 400)
    expectError(await rule(mia, { ...max, memberId: crypto.randomUUID() }, 'Two'), 'NOT_FOUND', 404)
    expectError(await rule(mia, ned, 'Two', manager.bearer), 'FORBIDDEN', 403)
    expect(await auditOf([mia.memberId, ned.memberId, max.memberId], ['member.rule-link'])).toEqual([])
  })
})

describe('links in the applicants table', () => {
  it('lists each applicant’s links that count, those who applied too first, filters to the linked, and drops a ruled pair everywhere', async () => {
    const campaign = await curatedCampaign()
    const home = street()
    const mia = await personAt(home, 'Mia Home')
    const max = await personAt(home, 'Max Home')
    const pia = await personAt(home, 'Pia Home')
    const ned = await personAt(street(), 'Ned Elsewhere')
    const [miaApplied, maxApplied, nedApplied] = [await apply(mia, campaign), await apply(max, campaign), await apply(ned, campaign)]

    const page = await applicants(campaign)
    const byName = new Map(page.items.map((item) => [item.displayName, item]))
    // Pia lives with them but did not apply: listed after Max, who applied too.
    expect(byName.get('Mia Home')).toMatchObject({
      linkedAccounts: 2,
      links: [
        { memberId: max.memberId, displayName: 'Max Home', kinds: ['address'], inThisCampaign: true },
        { memberId: pia.memberId, displayName: 'Pia Home', kinds: ['address'], inThisCampaign: false },
      ],
    })
    expect(byName.get('Ned Elsewhere')).toMatchObject({ linkedAccounts: 0, links: [] })

    const linked = await applicants(campaign, { linked: 'yes' })
    expect(linked.items.map((item) => item.participationId).sort()).toEqual([miaApplied.id, maxApplied.id].sort())
    expect(linked.total).toBe(2)
    expect((await applicants(campaign, { linked: 'yes', view: 'all' })).total).toBe(2)
    expectError(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsApplicants.path, { id: campaign.flightId }), { token: manager.bearer, query: { linked: 'no' } }),
      'BAD_REQUEST',
      400,
    )

    // Max and Pia are two people, and so are Max and Mia: Max has no link that counts left.
    expectOk(await rule(max, pia, 'Flatmates, checked by phone'), LinkRulingResultSchema)
    expectOk(await rule(mia, max, 'Flatmates, checked by phone'), LinkRulingResultSchema)
    const after = new Map((await applicants(campaign)).items.map((item) => [item.displayName, item]))
    expect(after.get('Max Home')).toMatchObject({ linkedAccounts: 0, links: [] })
    expect(after.get('Mia Home')).toMatchObject({ linkedAccounts: 1, links: [{ memberId: pia.memberId, inThisCampaign: false }] })
    expect((await applicants(campaign, { linked: 'yes' })).items.map((item) => item.participationId)).toEqual([miaApplied.id])
    // Max is selected without any confirmation: his links no longer count.
    expect(expectOk(await select(campaign, [maxApplied.id]), SelectionResultSchema).selected).toEqual([maxApplied.id])
    expect(nedApplied.status).toBe('applied')
  })

  it('gives the linked applicants their places among everyone waiting, in every view', async () => {
    const campaign = await curatedCampaign()
    const home = street()
    const [ned, oda] = [await personAt(street(), 'Ned Elsewhere'), await personAt(street(), 'Oda Elsewhere')]
    const [mia, max] = [await personAt(home, 'Mia Home'), await personAt(home, 'Max Home')]
    // Ned and Oda applied first: Mia and Max wait third and fourth.
    for (const person of [ned, oda, mia, max]) await apply(person, campaign)
    const places = (page: { items: Array<{ displayName: string; place: number | null }> }) => page.items.map((item) => [item.displayName, item.place])
    const expected = [
      ['Mia Home', 3],
      ['Max Home', 4],
    ]
    expect(places(await applicants(campaign, { linked: 'yes' }))).toEqual(expected)
    expect(places(await applicants(campaign, { linked: 'yes', view: 'all' }))).toEqual(expected)
    expect(places(await applicants(campaign, { view: 'all' }))).toEqual([['Ned Elsewhere', 1], ['Oda Elsewhere', 2], ...expected])
    // Ned finished a test of another campaign: each row counts its applicant's finished tests.
    const earlier = await curatedCampaign()
    await h.deps.db
      .update(participations)
      .set({ status: 'completed' })
      .where(eq(participations.id, (await apply(ned, earlier)).id))
    const finished = (await applicants(campaign, { view: 'all' })).items.map((item) => [item.displayName, item.completedTests])
    expect(finished).toEqual([
      ['Ned Elsewhere', 1],
      ['Oda Elsewhere', 0],
      ['Mia Home', 0],
      ['Max Home', 0],
    ])
    // A second page of the linked ones keeps the real place too.
    expect(places(await applicants(campaign, { linked: 'yes', page: '2', pageSize: '1' }))).toEqual([['Max Home', 4]])
    // Every page counts the linked ones, a page past the last too.
    expect(await applicants(campaign, { linked: 'yes', page: '2', pageSize: '1' })).toMatchObject({ total: 2 })
    expect(await applicants(campaign, { linked: 'yes', view: 'all', page: '3', pageSize: '1' })).toMatchObject({ items: [], total: 2 })
  })

  it('caps the list at five accounts and counts them all', async () => {
    const campaign = await curatedCampaign()
    const home = street()
    const people = []
    for (let i = 0; i < 7; i++) people.push(await personAt(home, `Flat ${i}`))
    await apply(people[0]!, campaign)
    const [item] = (await applicants(campaign)).items
    expect(item).toMatchObject({ linkedAccounts: 6 })
    expect(item!.links).toHaveLength(5)
  })
})

describe('selecting linked applicants', () => {
  it('is refused with who and what they share, changing nothing, until the manager confirms; the audit says so', async () => {
    const campaign = await curatedCampaign()
    const home = street()
    const mia = await personAt(home, 'Mia Chosen')
    const max = await personAt(home, 'Max Chosen')
    const ned = await personAt(street(), 'Ned Chosen')
    const [miaApplied, , nedApplied] = [await apply(mia, campaign), await apply(max, campaign), await apply(ned, campaign)]

    const refused = expectError(await select(campaign, [miaApplied.id, nedApplied.id]), 'CONFLICT', 409)
    expect(refused.reason).toEqual({ code: 'linked-applicants', applicants: [{ participationId: miaApplied.id, kinds: ['address'], inThisCampaign: true }] })
    // Not confirmed is not confirmed.
    expect(expectError(await select(campaign, [miaApplied.id, nedApplied.id], false), 'CONFLICT', 409).reason?.code).toBe('linked-applicants')
    const statuses = await h.deps.db.select({ status: participations.status }).from(participations).where(eq(participations.flightId, campaign.flightId))
    expect(statuses.map((s) => s.status)).toEqual(['applied', 'applied', 'applied'])
    expect(await auditOf([miaApplied.id, nedApplied.id], ['participation.select'])).toEqual([])

    const done = expectOk(await select(campaign, [miaApplied.id, nedApplied.id], true), SelectionResultSchema)
    expect(done.selected.sort()).toEqual([miaApplied.id, nedApplied.id].sort())
    const entries = new Map((await auditOf([miaApplied.id, nedApplied.id], ['participation.select'])).map((e) => [e.targetId, e.changes.after]))
    expect(entries.get(miaApplied.id)).toEqual({ status: 'selected', linksConfirmed: true })
    expect(entries.get(nedApplied.id)).toEqual({ status: 'selected' })
  })

  it('names the kinds of every linked account, applicant of this campaign or not', async () => {
    const campaign = await curatedCampaign()
    const home = street()
    const mia = await personAt(home, 'Mia Solo')
    await personAt(home, 'Max Not Applying')
    const miaApplied = await apply(mia, campaign)
    const refused = expectError(await select(campaign, [miaApplied.id]), 'CONFLICT', 409)
    expect(refused.reason).toEqual({ code: 'linked-applicants', applicants: [{ participationId: miaApplied.id, kinds: ['address'], inThisCampaign: false }] })
  })
})
