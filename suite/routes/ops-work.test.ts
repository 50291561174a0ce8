// The console's daily work in the member API: selecting applicants within the quota, shipping (one
// parcel, the partner's CSV both ways), and support acting for a member. Who may call which is
// the matrix of ops.test.ts.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { MemberSchema } from '../../contract/members'
import { PointsResultSchema } from '../../contract/rewards'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, fillPath, MEMBERS_PATH, POINTS_PATH, PROCESS_SIGNUP_PATH, SHIPMENT_RETURN_PATH, SHIPMENTS_PATH } from '../../contract/paths'
import { type Role } from '../../contract/staff'
import { ApplicantPageSchema, OpsCampaignListSchema, SelectionResultSchema } from '../../contract/ops-applicants'
import { OpsShipmentPageSchema, ShipmentActionResultSchema, TrackingImportReportSchema } from '../../contract/ops-shipments'
import {
  GOODWILL_POINTS_WITHOUT_REAUTH,
  GoodwillResultSchema,
  MemberSearchResultSchema,
  OpsMemberSchema,
  SupportWithdrawResultSchema,
} from '../../contract/ops-members'
import { ShipmentSchema, ShipmentsResultSchema } from '../../contract/participations'
import { RECENT_SIGN_IN_SECONDS } from '../../contract/auth'
import { auditLog } from '../db/schema'
import { runOpsCommand } from '../ops-commands'
import { createCampaign, ownAddress, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, verifyEmail, type TestMember } from '../test/members'
import { messagesTo } from '../test/outbox'
import { createTestStaff, passSecondFactor } from '../test/staff'
import { parseCsv } from '../services/csv'

let h: Harness
const staff = {} as Record<Role, TestMember>

beforeAll(async () => {
  h = await createHarness()
  const roles: Role[] = ['admin', 'campaign-manager', 'fulfilment', 'support']
  const people = await Promise.all(roles.map((role) => createTestStaff(h.deps.db, [role], { displayName: `The ${role}` })))
  roles.forEach((role, i) => (staff[role] = people[i]!))
})
afterAll(() => h?.close())

/** A member with a saved address who has signed up for the campaign. */
async function applicant(campaign: CampaignFixture, name = 'Ada L.') {
  const member = await createTestMember({ displayName: name })
  await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: { ...ownAddress(), name } })
  const participation = expectOk(
    await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } }),
    ParticipationSchema,
    201,
  )
  return { member, participationId: participation.id, status: participation.status }
}

const auditOf = (targetId: string) =>
  h.deps.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetId} = ${targetId}`)

describe('applicants and selection', () => {
  it('lists a full flight’s waitlist in serving order and selects within the quota, all or none', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 2 })
    const selected = await applicant(campaign, 'First In')
    const waiting = [await applicant(campaign, 'Second In'), await applicant(campaign, 'Third In'), await applicant(campaign, 'Fourth In')]
    expect(selected.status).toBe('selected')
    expect(waiting.map((w) => w.status)).toEqual(['selected', 'waitlisted', 'waitlisted'])

    const campaigns = expectOk(await call(h.app, 'GET', ENDPOINTS.opsCampaigns.path, { token: staff['campaign-manager'].bearer }), OpsCampaignListSchema)
    expect(campaigns.items.find((c) => c.id === campaign.campaignId)?.flights[0]).toMatchObject({ quota: 2, placesTaken: 2, waitlisted: 2, applied: 0 })

    const path = fillPath(ENDPOINTS.opsApplicants.path, { id: campaign.flightId })
    const page = expectOk(await call(h.app, 'GET', path, { token: staff['campaign-manager'].bearer }), ApplicantPageSchema)
    expect(page.items.map((a) => [a.displayName, a.place, a.country])).toEqual([
      ['Third In', 1, 'DE'],
      ['Fourth In', 2, 'DE'],
    ])
    expect(page.flight).toMatchObject({ quota: 2, placesTaken: 2 })

    const select = (ids: string[]) =>
      call(h.app, 'POST', fillPath(ENDPOINTS.opsSelect.path, { id: campaign.flightId }), {
        token: staff['campaign-manager'].bearer,
        body: { participationIds: ids },
      })
    // The flight is full: nothing is selected.
    expect(expectError(await select([waiting[1]!.participationId]), 'CONFLICT', 409).message).toBe('The flight is full')
    // A quota raised to 3 leaves one place: choosing two is refused whole.
    await h.deps.db.execute(sql`update flights set quota = 3 where id = ${campaign.flightId}`)
    const refused = expectError(await select([waiting[1]!.participationId, waiting[2]!.participationId]), 'CONFLICT', 409)
    expect(refused.message).toBe('Only 1 place is left in this flight; 2 were chosen')
    expect((await auditOf(waiting[2]!.participationId)).length).toBe(0)
    // A selected member cannot be selected again; a foreign or malformed id is not found.
    expectError(await select([selected.participationId]), 'CONFLICT', 409)
    expectError(await select([crypto.randomUUID()]), 'NOT_FOUND', 404)
    expectError(await select(['not-an-id']), 'BAD_REQUEST', 400)

    const done = expectOk(await select([waiting[1]!.participationId]), SelectionResultSchema)
    expect(done).toEqual({ selected: [waiting[1]!.participationId], placesTaken: 3, quota: 3 })
    const [entry] = await auditOf(waiting[1]!.participationId)
    expect(entry).toMatchObject({
      action: 'participation.select',
      actorUid: staff['campaign-manager'].uid,
      changes: { before: { status: 'waitlisted' }, after: { status: 'selected' } },
    })
    // The member is told, as a selection at sign-up tells them.
    expect(
      (await messagesTo(h.app, waiting[1]!.member.email)).some((m) => (m.subject ?? '').startsWith('You’re in') || (m.subject ?? '').startsWith("You're in")),
    ).toBe(true)
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)('holds the quota when two campaign managers select at the same moment (PostgreSQL)', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    await applicant(campaign, 'Holder')
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => applicant(campaign, `Waiting ${i}`)))
    await h.deps.db.execute(sql`update flights set quota = 4 where id = ${campaign.flightId}`)
    const path = fillPath(ENDPOINTS.opsSelect.path, { id: campaign.flightId })
    const results = await Promise.all(
      [others.slice(0, 2), others.slice(2, 4), others.slice(4, 6)].map((group) =>
        call(h.app, 'POST', path, { token: staff['campaign-manager'].bearer, body: { participationIds: group.map((o) => o.participationId) } }),
      ),
    )
    // Three places were left: one group of two fits, and then only one place is left for the others.
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
    const page = expectOk(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsApplicants.path, { id: campaign.flightId }), {
        token: staff['campaign-manager'].bearer,
        query: { view: 'selected' },
      }),
      ApplicantPageSchema,
    )
    expect(page.total).toBe(3)
    expect(page.flight.placesTaken).toBe(3)
  })
})

describe('shipments', () => {
  let campaign: CampaignFixture
  const parcels: { member: TestMember; participationId: string; shipmentId: string }[] = []

  beforeAll(async () => {
    campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 10 })
    for (const name of ['Parcel One', 'Parcel Two', 'Parcel Three']) {
      const a = await applicant(campaign, name)
      const { shipments } = expectOk(await call(h.app, 'GET', SHIPMENTS_PATH, { token: a.member.bearer }), ShipmentsResultSchema)
      parcels.push({ ...a, shipmentId: shipments[0]!.id })
    }
  })

  it('lists pending parcels with the address to send to, and takes one parcel through its steps', async () => {
    const page = expectOk(
      await call(h.app, 'GET', ENDPOINTS.opsShipments.path, { token: staff.fulfilment.bearer, query: { campaign: campaign.slug } }),
      OpsShipmentPageSchema,
    )
    expect(page.total).toBe(3)
    expect(page.items.find((item) => item.shipmentId === parcels[0]!.shipmentId)).toMatchObject({
      displayName: 'Parcel One',
      status: 'pending',
      address: { name: 'Parcel One', city: 'Berlin', country: 'DE' },
    })

    const action = (id: string, body: unknown) =>
      call(h.app, 'POST', fillPath(ENDPOINTS.opsShipmentAction.path, { id }), { token: staff.fulfilment.bearer, body })
    const { shipmentId } = parcels[0]!
    expectError(await action(shipmentId, { action: 'ship', carrier: 'DHL', trackingNumber: 'has spaces 12' }), 'BAD_REQUEST', 400)
    expectError(await action(shipmentId, { action: 'deliver' }), 'CONFLICT', 409)
    expect(expectOk(await action(shipmentId, { action: 'ship', carrier: 'DHL', trackingNumber: 'JD0142' }), ShipmentActionResultSchema)).toMatchObject({
      status: 'shipped',
    })
    expect(expectOk(await action(shipmentId, { action: 'deliver' }), ShipmentActionResultSchema)).toMatchObject({ status: 'delivered' })
    expect((await auditOf(shipmentId)).map((e) => e.action).sort()).toEqual(['shipment.deliver', 'shipment.ship'])
    expectError(await action(crypto.randomUUID(), { action: 'deliver' }), 'NOT_FOUND', 404)
  })

  it('exports the pending parcels as CSV and reads the partner’s file back: a report first, nothing written, then applied once', async () => {
    const exported = await call(h.app, 'GET', ENDPOINTS.opsPendingShipmentsCsv.path, { token: staff.fulfilment.bearer, query: { campaign: campaign.slug } })
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/)
    const rows = parseCsv(String(exported.json)).map((row) => row.fields)
    expect(rows[0]).toEqual([
      'shipment_id',
      'campaign',
      'product',
      'name',
      'line1',
      'line2',
      'postal_code',
      'city',
      'region',
      'country',
      'carrier',
      'tracking_number',
    ])
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([parcels[1]!.shipmentId, parcels[2]!.shipmentId].sort())

    const path = ENDPOINTS.opsTrackingImport.path
    const send = (csv: string, apply = false) => call(h.app, 'POST', path, { token: staff.fulfilment.bearer, body: csv, query: { apply: String(apply) } })
    const [two, three] = [parcels[1]!.shipmentId, parcels[2]!.shipmentId]

    // Wrong columns: one clear error, nothing read further.
    const wrongColumns = expectOk(await send('id,carrier,tracking\r\n1,2,3\r\n'), TrackingImportReportSchema)
    expect(wrongColumns.errors).toEqual([
      {
        line: 1,
        code: 'missing-columns',
        column: 'shipment_id, tracking_number',
        detail: null,
        message: 'The header lacks the columns shipment_id, tracking_number',
      },
    ])

    // Bad rows are named by line, and with any error nothing is written, even when asked to apply.
    const bad = [
      'shipment_id,carrier,tracking_number',
      `${two},DHL,JD0200`,
      `${three},DHL,has space`,
      `${crypto.randomUUID()},UPS,1Z99999`,
      'nonsense,UPS,1Z9999',
      `${two},DHL,JD0201`,
    ].join('\r\n')
    const report = expectOk(await send(bad, true), TrackingImportReportSchema)
    expect(report.applied).toBe(false)
    expect(report.errors.map((e) => [e.line, e.code, e.column ?? e.detail])).toEqual([
      [3, 'invalid-value', 'tracking_number'],
      [4, 'unknown-shipment', null],
      [5, 'invalid-value', 'shipment_id'],
      [6, 'duplicate', '2'],
    ])
    const stillPending = expectOk(
      await call(h.app, 'GET', ENDPOINTS.opsShipments.path, { token: staff.fulfilment.bearer, query: { campaign: campaign.slug } }),
      OpsShipmentPageSchema,
    )
    expect(stillPending.total).toBe(2)

    // A good file: the dry run says what would happen and writes nothing; applying ships both.
    const good = `shipment_id,carrier,tracking_number,comment\n${two},DHL,JD0200,"fragile, glass"\n${three},Royal Mail,RM12345678GB,\n`
    expect(expectOk(await send(good), TrackingImportReportSchema)).toEqual({ applied: false, rows: 2, toShip: 2, unchanged: 0, errors: [] })
    expect((await auditOf(two)).length).toBe(0)
    expect(expectOk(await send(good, true), TrackingImportReportSchema)).toEqual({ applied: true, rows: 2, toShip: 2, unchanged: 0, errors: [] })
    const { shipments } = expectOk(await call(h.app, 'GET', SHIPMENTS_PATH, { token: parcels[2]!.member.bearer }), ShipmentsResultSchema)
    expect(shipments[0]).toMatchObject({ status: 'shipped', carrier: 'Royal Mail', trackingNumber: 'RM12345678GB' })
    const [shipTwo] = await auditOf(two)
    const [shipThree] = await auditOf(three)
    expect(shipTwo!.operationId).toBe(shipThree!.operationId)

    // The same file again changes nothing.
    expect(expectOk(await send(good, true), TrackingImportReportSchema)).toEqual({ applied: true, rows: 2, toShip: 0, unchanged: 2, errors: [] })
    expect((await auditOf(two)).length).toBe(1)

    // Too many rows: refused as a whole.
    const tooMany = ['shipment_id,carrier,tracking_number', ...Array.from({ length: 5001 }, () => `${two},DHL,JD0200`)].join('\n')
    expect(expectOk(await send(tooMany), TrackingImportReportSchema).errors[0]).toMatchObject({ code: 'too-many-rows', detail: '5001' })
  })

  it('never lets staff take a step of their own parcel: shipping, delivering, the return label and the return', async () => {
    const own = await applicant(campaign, 'Own Parcel')
    // A role is given only to a confirmed address; the fresh token says it is.
    own.member = await verifyEmail(own.member)
    await runOpsCommand(h.deps, { command: 'staff-grant', email: own.member.email, role: 'fulfilment' })
    await passSecondFactor(h.deps.db, own.member.uid)
    const { shipments } = expectOk(await call(h.app, 'GET', SHIPMENTS_PATH, { token: own.member.bearer }), ShipmentsResultSchema)
    const shipmentId = shipments[0]!.id
    const action = (by: TestMember, body: unknown) =>
      call(h.app, 'POST', fillPath(ENDPOINTS.opsShipmentAction.path, { id: shipmentId }), { token: by.bearer, body })
    const refusedToSelf = async (body: unknown) => {
      const refused = expectError(await action(own.member, body), 'FORBIDDEN', 403)
      expect(refused.message).toContain('their own member account')
    }

    await refusedToSelf({ action: 'ship', carrier: 'DHL', trackingNumber: 'JD0300' })
    expectOk(await action(staff.fulfilment, { action: 'ship', carrier: 'DHL', trackingNumber: 'JD0300' }), ShipmentActionResultSchema)
    await refusedToSelf({ action: 'deliver' })
    expectOk(await action(staff.fulfilment, { action: 'deliver' }), ShipmentActionResultSchema)
    expectOk(
      await call(h.app, 'POST', fillPath(SHIPMENT_RETURN_PATH, { sid: shipmentId }), { token: own.member.bearer, body: { reason: 'damaged' } }),
      ShipmentSchema,
    )
    await refusedToSelf({ action: 'return-label', labelUrl: 'https://labels.example/own.pdf' })
    expectOk(await action(staff.fulfilment, { action: 'return-label', labelUrl: 'https://labels.example/own.pdf' }), ShipmentActionResultSchema)
    await refusedToSelf({ action: 'returned' })
    expect(expectOk(await action(staff.fulfilment, { action: 'returned' }), ShipmentActionResultSchema)).toMatchObject({ returnStatus: 'returned' })
    // Every step is the colleague's, and nothing the owner pressed left an entry.
    const entries = await auditOf(shipmentId)
    expect(entries.map((e) => e.action).sort()).toEqual(['shipment.deliver', 'shipment.return-label', 'shipment.returned', 'shipment.ship'])
    expect(new Set(entries.map((e) => e.actorUid))).toEqual(new Set([staff.fulfilment.uid]))
  })
})

describe('support', () => {
  it('finds a member, shows their record, grants goodwill points, withdraws them on request and resends the verification e-mail, each audited', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 5 })
    const { member, participationId } = await applicant(campaign, 'Zora Q.')
    expectOk(
      await call(h.app, 'POST', MEMBERS_PATH, {
        token: member.bearer,
        body: { firstName: 'Zora', lastName: 'Quinn', displayName: 'Zora Q.', birthDate: '1990-02-03' },
      }),
      MemberSchema,
      201,
    )
    const search = (q: string, token = staff.support.bearer) => call(h.app, 'GET', ENDPOINTS.opsMembers.path, { token, query: { q } })
    const byEmail = expectOk(await search(member.email.slice(0, 12)), MemberSearchResultSchema)
    expect(byEmail.items).toEqual([expect.objectContaining({ displayName: 'Zora Q.', name: 'Zora Quinn', email: member.email })])
    const byName = expectOk(await search('zora quinn'), MemberSearchResultSchema)
    expect(byName.items.map((m) => m.memberId)).toEqual([byEmail.items[0]!.memberId])
    const byCode = expectOk(await search(byEmail.items[0]!.referralCode.toLowerCase()), MemberSearchResultSchema)
    expect(byCode.total).toBe(1)
    expectError(await search('z'), 'BAD_REQUEST', 400)
    const memberId = byEmail.items[0]!.memberId

    const memberPath = fillPath(ENDPOINTS.opsMember.path, { id: memberId })
    const record = expectOk(await call(h.app, 'GET', memberPath, { token: staff.support.bearer }), OpsMemberSchema)
    expect(record).toMatchObject({
      email: member.email,
      standing: { tier: 'newcomer' },
      participations: [{ participationId, status: 'selected', withdrawable: true }],
    })
    expect(record.messages.length).toBeGreaterThan(0)

    const points = fillPath(ENDPOINTS.opsGrantPoints.path, { id: memberId })
    const lateParcel = crypto.randomUUID()
    const granted = expectOk(
      await call(h.app, 'POST', points, { token: staff.support.bearer, body: { points: 50, reason: 'Parcel arrived late', requestId: lateParcel } }),
      GoodwillResultSchema,
    )
    expect(granted.granted).toBe(50)
    // The same request again (a retry after a timeout): granted once.
    const retried = expectOk(
      await call(h.app, 'POST', points, { token: staff.support.bearer, body: { points: 50, reason: 'Parcel arrived late', requestId: lateParcel } }),
      GoodwillResultSchema,
    )
    expect(retried.balance).toBe(granted.balance)
    const history = expectOk(await call(h.app, 'GET', POINTS_PATH, { token: member.bearer }), PointsResultSchema)
    expect(history.entries.find((e) => e.reason === 'Parcel arrived late')?.points).toBe(50)
    expectError(
      await call(h.app, 'POST', points, { token: staff.support.bearer, body: { points: -5, reason: 'Oops', requestId: crypto.randomUUID() } }),
      'BAD_REQUEST',
      400,
    )
    // More than the day's limit, at once or a grant at a time, needs a recent sign-in.
    h.clock.advance(RECENT_SIGN_IN_SECONDS * 1000 + 60_000)
    try {
      const grant = (n: number, reason: string) =>
        call(h.app, 'POST', points, { token: staff.support.bearer, body: { points: n, reason, requestId: crypto.randomUUID() } })
      expectError(await grant(GOODWILL_POINTS_WITHOUT_REAUTH + 1, 'Contest prize'), 'REAUTH_REQUIRED', 401)
      expectOk(await grant(10, 'Small thanks'), GoodwillResultSchema)
      // 60 granted today: 440 more pass, the next point does not.
      expectOk(await grant(GOODWILL_POINTS_WITHOUT_REAUTH - 60, 'Contest prize, first half'), GoodwillResultSchema)
      expectError(await grant(1, 'One more'), 'REAUTH_REQUIRED', 401)
    } finally {
      h.clock.set(new Date())
    }

    const withdrawPath = fillPath(ENDPOINTS.opsWithdrawForMember.path, { id: memberId, pid: participationId })
    expectError(await call(h.app, 'POST', withdrawPath, { token: staff.support.bearer, body: {} }), 'BAD_REQUEST', 400)
    expect(
      expectOk(
        await call(h.app, 'POST', withdrawPath, { token: staff.support.bearer, body: { note: 'Asked by e-mail: moving abroad' } }),
        SupportWithdrawResultSchema,
      ),
    ).toEqual({
      participationId,
      status: 'withdrawn',
    })
    expectError(await call(h.app, 'POST', withdrawPath, { token: staff.support.bearer, body: { note: 'Again' } }), 'CONFLICT', 409)
    // Another member's participation through this member's page is not found.
    const other = await applicant(campaign, 'Other One')
    expectError(
      await call(h.app, 'POST', fillPath(ENDPOINTS.opsWithdrawForMember.path, { id: memberId, pid: other.participationId }), {
        token: staff.support.bearer,
        body: { note: 'Wrong' },
      }),
      'NOT_FOUND',
      404,
    )

    const resend = fillPath(ENDPOINTS.opsResendVerification.path, { id: memberId })
    expectOk(await call(h.app, 'POST', resend, { token: staff.support.bearer, body: {} }), ENDPOINTS.opsResendVerification.data)
    const mail = (await messagesTo(h.app, member.email)).find((m) => m.subject === 'Confirm your e-mail address')
    expect(mail?.body).toMatch(/https?:\/\/\S*oobCode=/)

    expect((await auditOf(memberId)).map((e) => e.action).sort()).toEqual([
      'member.grant-points',
      'member.grant-points',
      'member.grant-points',
      'member.resend-verification',
    ])
    expect((await auditOf(participationId)).map((e) => e.action)).toContain('participation.withdraw')
  })
})
