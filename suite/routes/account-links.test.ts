// Links between accounts for staff: two accounts that take on one mailbox's addresses (Gmail's dots
// and +tags, googlemail.com) or save one postal address in other words are linked both ways, shown
// on the console's member record with when they were seen, and to no member.
import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { MemberSummarySchema } from '../../contract/members'
import { OpsMemberSchema } from '../../contract/ops-members'
import { ADDRESS_PATH, API_MEMBER_PATH, fillPath } from '../../contract/paths'
import { accountLinks, addresses, members } from '../db/schema'
import { backfillEmailKeys } from '../services/account-links'
import { backfillHouseholdKeys } from '../services/address'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let support: TestMember
beforeAll(async () => {
  h = await createHarness()
  support = await createTestStaff(h.deps.db, ['support'])
})
afterAll(() => h?.close())

const idOf = async (member: TestMember) => expectOk(await call(h.app, 'GET', API_MEMBER_PATH, { token: member.bearer }), MemberSummarySchema).id
const recordOf = async (memberId: string) =>
  expectOk(await call(h.app, 'GET', fillPath(ENDPOINTS.opsMember.path, { id: memberId }), { token: support.bearer }), OpsMemberSchema)

describe('account links', () => {
  it('links two accounts of one Gmail mailbox, both ways', async () => {
    const name = `mia${crypto.randomUUID().slice(0, 8)}`
    const first = await idOf(await createTestMember({ email: `${name}@gmail.com` }))
    const second = await idOf(await createTestMember({ email: `${name.slice(0, 2)}.${name.slice(2)}+tests@GoogleMail.com` }))
    const other = await idOf(await createTestMember({ email: `${name}@outlook.com` }))
    expect((await recordOf(first)).links).toEqual([
      { memberId: second, displayName: 'Test Tester', kind: 'email', firstSeenAt: expect.any(String), lastSeenAt: expect.any(String), ruling: null },
    ])
    expect((await recordOf(second)).links.map((l) => [l.memberId, l.kind])).toEqual([[first, 'email']])
    expect((await recordOf(other)).links).toEqual([])
  })

  it('links two accounts that save one flat in other words, and not the neighbours', async () => {
    const street = `Lindenallee ${Math.floor(Math.random() * 1e6)}`
    const people = [await createTestMember(), await createTestMember(), await createTestMember()]
    const [mia, max, neighbour] = await Promise.all(people.map(idOf))
    const save = (member: TestMember, line1: string, line2: string) =>
      call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: { name: 'T', line1, line2, postalCode: '10115', city: 'Berlin', country: 'DE' } })
    expect((await save(people[0]!, `${street}`, 'Wohnung 2')).status).toBe(200)
    expect((await save(people[1]!, `${street.replace('allee', 'allee,')} Whg. 2`, '')).status).toBe(200)
    expect((await save(people[2]!, street, 'Wohnung 3')).status).toBe(200)
    expect((await recordOf(mia!)).links.map((l) => [l.memberId, l.kind])).toEqual([[max, 'address']])
    expect((await recordOf(max!)).links.map((l) => [l.memberId, l.kind])).toEqual([[mia, 'address']])
    expect((await recordOf(neighbour!)).links).toEqual([])
    // Saved again: the same link, seen again.
    expect((await save(people[1]!, street, 'Whg 2')).status).toBe(200)
    expect((await recordOf(mia!)).links).toHaveLength(1)
  })

  it('links accounts made before keys were kept, when the member API starts', async () => {
    const OFF = { newCampaigns: false, shipmentUpdates: false, reminders: false, newsletter: false }
    const now = h.clock.now()
    const name = `old${randomUUID().slice(0, 8)}`
    const ids: string[] = [randomUUID(), randomUUID(), randomUUID()]
    const emails = [`${name}@gmail.com`, `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`, `someone-${name}@example.test`]
    await h.deps.db.insert(members).values(
      ids.map((id, i) => ({
        id,
        uid: `uid-${id}`,
        email: emails[i],
        referralCode: id.slice(0, 8).toUpperCase(),
        notificationSettings: { email: OFF, sms: OFF },
        createdAt: now,
        updatedAt: now,
      })),
    )
    // The second and third share a flat, saved before household keys.
    await h.deps.db.insert(addresses).values(
      [ids[1]!, ids[2]!].map((memberId, i) => ({
        memberId,
        name: 'T',
        line1: i === 0 ? `1 ${name} Road` : `1 ${name} Rd.`,
        line2: 'Flat 9',
        postalCode: 'SW1A 1AA',
        city: 'London',
        country: 'GB',
        updatedAt: now,
      })),
    )
    await backfillEmailKeys(h.deps.db, now)
    await backfillHouseholdKeys(h.deps.db, now)
    const links = await h.deps.db.select().from(accountLinks).where(inArray(accountLinks.memberId, ids))
    expect(links.map((l) => [ids.indexOf(l.memberId), ids.indexOf(l.linkedMemberId), l.kind]).sort()).toEqual([
      [0, 1, 'email'],
      [1, 0, 'email'],
      [1, 2, 'address'],
      [2, 1, 'address'],
    ])
  })
})
