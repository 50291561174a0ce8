// The signals that link accounts besides e-mail and postal address: a verified phone number, a
// payout account, and the device and network address seen at sign-up and application (kept only as
// a keyed hash, a network address linking only within the hour). Sightings go with the account,
// and the member finds them, without their values, in their data export.
import { randomBytes, randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { ProfileExportSchema } from '../../contract/export'
import { MemberSchema, PseudonymizeResultSchema } from '../../contract/members'
import { OpsMemberSchema } from '../../contract/ops-members'
import { ParticipationSchema } from '../../contract/participations'
import { DOWNLOAD_PROFILE_PATH, fillPath, MEMBERS_PATH, PROCESS_SIGNUP_PATH, PSEUDONYMIZE_PATH, UPDATE_PROFILE_PATH } from '../../contract/paths'
import { DEVICE_HEADER, NETWORK_LINK_WINDOW_MINUTES } from '../../contract/sightings'
import { accountLinks, members, memberSightings } from '../db/schema'
import { backfillPayoutKeys, linkByPhone } from '../services/account-links'
import { sightingHash } from '../services/sightings'
import { createCampaign } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

const MINUTE = 60_000

let h: Harness
let support: TestMember
beforeAll(async () => {
  h = await createHarness()
  support = await createTestStaff(h.deps.db, ['support'])
})
afterAll(() => h?.close())
// Changes that need a recent sign-in compare the token's sign-in time with the harness clock.
beforeEach(() => h.clock.set(new Date()))

const linksOf = async (memberId: string) =>
  expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsMember.path, { id: memberId }), { token: support.bearer }), OpsMemberSchema).links.map((l) => [
    l.memberId,
    l.kind,
  ])
const deviceId = () => randomBytes(16).toString('hex')
/** An address of the documentation ranges, one per test, so tests do not link each other's members. */
const networkAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

/** Registers a new member as the portal does, from this device and network address. */
async function signUp(seen: { device?: string; address?: string } = {}): Promise<{ member: TestMember; id: string }> {
  const member = await createTestMember()
  const headers: Record<string, string> = {
    ...(seen.device !== undefined && { [DEVICE_HEADER]: seen.device }),
    ...(seen.address !== undefined && { 'x-forwarded-for': seen.address }),
  }
  const created = expectOk(
    await call(h.app, 'POST', MEMBERS_PATH, { token: member.bearer, body: { firstName: 'Tia', lastName: 'Test' }, headers }),
    MemberSchema,
    201,
  )
  return { member, id: created.id }
}

const sightingsOf = (memberId: string) =>
  h.deps.db.select({ kind: memberSightings.kind, event: memberSightings.event }).from(memberSightings).where(eq(memberSightings.memberId, memberId))

describe('phone', () => {
  it('links the accounts whose verified number is the same, and none with it unverified or deleted', async () => {
    const number = `+49151${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    const [mia, max, typo, former] = await Promise.all([signUp(), signUp(), signUp(), signUp()])
    // Another account holds the number verified: confirming a number another account holds is
    // refused, so this is one that won a race for it, or held it before the refusal existed.
    await h.deps.db.update(members).set({ phone: number, phoneVerified: true }).where(eq(members.id, max.id))
    await h.deps.db.update(members).set({ phone: number, phoneVerified: false }).where(eq(members.id, typo.id))
    await h.deps.db.update(members).set({ phone: number, phoneVerified: true, pseudonymizedAt: h.clock.now() }).where(eq(members.id, former.id))
    // Mia confirms the number (written, then linked, as confirming it does).
    await h.deps.db.update(members).set({ phone: number, phoneVerified: true }).where(eq(members.id, mia.id))
    await linkByPhone(h.deps.db, mia.id, h.clock.now())
    expect(await linksOf(mia.id)).toEqual([[max.id, 'phone']])
    expect(await linksOf(max.id)).toEqual([[mia.id, 'phone']])
    expect(await linksOf(typo.id)).toEqual([])
  })
})

describe('payout', () => {
  const save = (member: TestMember, payout: unknown) => call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: member.bearer, body: { payout } })
  const keyOf = async (id: string) => (await h.deps.db.select({ key: members.payoutKey }).from(members).where(eq(members.id, id)))[0]?.key

  it('links the accounts paid into one account, however it is written, and clears the key with the details', async () => {
    const [mia, max, other] = await Promise.all([signUp(), signUp(), signUp()])
    const iban = 'DE89 3704 0044 0532 0130 00'
    expect((await save(mia.member, { method: 'iban', accountHolder: 'Mia', iban })).status).toBe(200)
    expect((await save(max.member, { method: 'iban', accountHolder: 'Max', iban: iban.replaceAll(' ', '').toLowerCase() })).status).toBe(200)
    expect(await keyOf(mia.id)).toBe('iban:DE89370400440532013000')
    expect(await linksOf(mia.id)).toContainEqual([max.id, 'payout'])
    expect(await linksOf(max.id)).toContainEqual([mia.id, 'payout'])

    const name = `pay${randomUUID().slice(0, 8)}`
    expect((await save(other.member, { method: 'paypal', email: `${name}@gmail.com` })).status).toBe(200)
    expect((await save(mia.member, { method: 'paypal', email: `${name.slice(0, 2)}.${name.slice(2)}+pp@googlemail.com` })).status).toBe(200)
    expect(await linksOf(other.id)).toEqual([[mia.id, 'payout']])

    expect((await save(mia.member, null)).status).toBe(200)
    expect(await keyOf(mia.id)).toBeNull()
  })

  it('gives payout details saved before keys were kept their key and links, when the member API starts', async () => {
    const [mia, max] = await Promise.all([signUp(), signUp()])
    const email = `legacy-${randomUUID()}@example.test`
    await h.deps.db
      .update(members)
      .set({ payout: { method: 'paypal', email }, payoutKey: null })
      .where(inArray(members.id, [mia.id, max.id]))
    expect(await backfillPayoutKeys(h.deps.db, h.clock.now(), 1)).toBeGreaterThanOrEqual(2)
    expect(await keyOf(mia.id)).toBe(`paypal:${email}`)
    const links = await h.deps.db.select().from(accountLinks).where(eq(accountLinks.memberId, mia.id))
    expect(links.map((l) => [l.linkedMemberId, l.kind])).toEqual([[max.id, 'payout']])
  })
})

describe('device', () => {
  it('links two sign-ups from one device, and keeps only the hash', async () => {
    const device = deviceId()
    const first = await signUp({ device })
    const second = await signUp({ device })
    const elsewhere = await signUp({ device: deviceId() })
    expect(await linksOf(first.id)).toEqual([[second.id, 'device']])
    expect(await linksOf(second.id)).toEqual([[first.id, 'device']])
    expect(await linksOf(elsewhere.id)).toEqual([])
    const kept = await h.deps.db.select().from(memberSightings).where(eq(memberSightings.memberId, first.id))
    expect(kept).toEqual([expect.objectContaining({ kind: 'device', event: 'sign-up', valueHash: sightingHash(h.deps.settings.secondFactorKey, device) })])
    expect(JSON.stringify(kept)).not.toContain(device)
  })

  it('links an application from a device another account signed up on, months later', async () => {
    const device = deviceId()
    const first = await signUp({ device })
    h.clock.advance(90 * 24 * 60 * MINUTE)
    const applicant = await signUp()
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    const applied = await call(h.app, 'POST', PROCESS_SIGNUP_PATH, {
      token: applicant.member.bearer,
      body: { campaignId: campaign.campaignId },
      headers: { [DEVICE_HEADER]: device },
    })
    expectOk(applied, ParticipationSchema, 201)
    // Staff look now: their console session is held to the real time.
    h.clock.set(new Date())
    expect(await linksOf(applicant.id)).toEqual([[first.id, 'device']])
    expect(await sightingsOf(applicant.id)).toEqual([{ kind: 'device', event: 'application' }])
  })

  it('ignores a device header that is not a device id', async () => {
    const first = await signUp({ device: 'not-a-device-id' })
    const second = await signUp({ device: 'not-a-device-id' })
    expect(await sightingsOf(first.id)).toEqual([])
    expect(await linksOf(second.id)).toEqual([])
  })
})

describe('network address', () => {
  it('links sign-ups from one address within the window, and none further apart', async () => {
    const address = networkAddress()
    const first = await signUp({ address })
    h.clock.advance((NETWORK_LINK_WINDOW_MINUTES - 5) * MINUTE)
    const second = await signUp({ address })
    h.clock.advance((NETWORK_LINK_WINDOW_MINUTES + 5) * MINUTE)
    const third = await signUp({ address })
    expect(await linksOf(first.id)).toEqual([[second.id, 'network']])
    expect(await linksOf(second.id)).toEqual([[first.id, 'network']])
    expect(await linksOf(third.id)).toEqual([])
    expect(await sightingsOf(third.id)).toEqual([{ kind: 'network', event: 'sign-up' }])
  })

  it('keeps no address when none was forwarded (the portal’s own names no browser)', async () => {
    const first = await signUp()
    const second = await signUp()
    expect(await sightingsOf(first.id)).toEqual([])
    expect(await linksOf(second.id)).toEqual([])
  })
})

describe('sightings and the member', () => {
  it('are in the data export without their values, and go with the account', async () => {
    const device = deviceId()
    const address = networkAddress()
    const { member, id } = await signUp({ device, address })
    const other = await signUp({ device })
    const exported = expectOk(await call(h.app, 'GET', DOWNLOAD_PROFILE_PATH, { token: member.bearer }), ProfileExportSchema)
    expect(exported.sightings).toEqual([
      { kind: 'device', event: 'sign-up', seenAt: h.clock.now().toISOString() },
      { kind: 'network', event: 'sign-up', seenAt: h.clock.now().toISOString() },
    ])
    expect(JSON.stringify(exported)).not.toContain(device)

    expect(
      (await call(h.app, 'PATCH', UPDATE_PROFILE_PATH, { token: member.bearer, body: { payout: { method: 'paypal', email: `${id}@example.test` } } })).status,
    ).toBe(200)
    expectOk(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: member.bearer, body: { confirm: true } }), PseudonymizeResultSchema)
    expect(await sightingsOf(id)).toEqual([])
    const [row] = await h.deps.db.select({ payoutKey: members.payoutKey }).from(members).where(eq(members.id, id))
    expect(row?.payoutKey).toBeNull()
    expect(await linksOf(other.id)).toEqual([])
  })
})
