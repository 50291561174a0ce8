// The rules of data that could have happened (invariants.ts) hold of a community built through the
// services, and each one notices when a single row is changed by hand to a state no service makes.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commandLineActor } from '../actors/actor'
import type { Executor } from '../db/client'
import { campaigns, members, reviews } from '../db/schema'
import { saveAddress } from '../services/address'
import { submitReview } from '../services/content'
import { DEFAULT_NOTIFICATION_SETTINGS, type MemberRow } from '../services/members'
import { approveReview, deliver, selectParticipation, ship } from '../services/operations'
import { processSignup } from '../services/participations'
import { createCampaign, GOOD_ADDRESS, ownAddress } from '../test/fixtures'
import { createHarness, type Harness } from '../test/harness'
import { INVARIANT_RULES, invariantViolations } from './invariants'

let h: Harness
const MINUTE = 60_000
/** The rows the breakages change, by name. */
const ids: Record<string, string> = {}

async function newMember(name: string, address = ownAddress()): Promise<MemberRow> {
  const now = h.clock.now()
  const [row] = await h.deps.db
    .insert(members)
    .values({
      uid: `invariants-${name}-${crypto.randomUUID().slice(0, 8)}`,
      email: `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`,
      emailVerified: true,
      firstName: name,
      lastName: 'Tester',
      displayName: `${name} T.`,
      notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
      referralCode: `INV${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
      createdAt: now,
      registeredAt: now,
      updatedAt: now,
    })
    .returning()
  await saveAddress(h.deps.db, row!.id, { ...address, country: 'DE', line2: '', region: '' }, now)
  h.clock.advance(MINUTE)
  ids[name] = row!.id
  return row!
}

const signUp = async (member: MemberRow, campaignId: string) => {
  const { participation } = await processSignup(h.deps, member, { campaignId, answers: [] })
  h.clock.advance(MINUTE)
  return participation
}

beforeAll(async () => {
  h = await createHarness()
  // Three days ago, so that every step is in the past and the open flight is still open now.
  h.clock.set(new Date(Date.now() - 3 * 24 * 60 * MINUTE))
  const tasks = { questionnaire: false, social: false, review: true }
  const free = await createCampaign(h.deps.db, h.clock.now(), { quota: 2, tasks, eligibility: { onePerHousehold: true } })
  const bought = await createCampaign(h.deps.db, h.clock.now(), { kind: 'verified-purchase', tasks })
  // The fixture leaves updated_at to the database's clock; a campaign made once is as old as its creation.
  await h.deps.db.execute(
    sql`update campaigns set updated_at = created_at, selection_mode = case when kind = 'verified-purchase' then 'curated'::selection_mode else selection_mode end`,
  )
  ids.flight = free.flightId
  h.clock.advance(MINUTE)

  const ada = await newMember('ada')
  const bob = await newMember('bob')
  const cy = await newMember('cy')
  // Two accounts at one address: linked as a household.
  await newMember('dee', GOOD_ADDRESS)
  await newMember('eve', GOOD_ADDRESS)

  // Ada: selected at once (first come), shipped, delivered, reviewed, published: completed.
  const p1 = await signUp(ada, free.campaignId)
  ids.p1 = p1.id
  await ship(h.deps, p1.id, 'DHL', 'JD000000000001', commandLineActor())
  h.clock.advance(MINUTE)
  await deliver(h.deps, p1.id, commandLineActor())
  h.clock.advance(MINUTE)
  const review = await submitReview(h.deps, ada, { participationId: p1.id, rating: 5, title: 'Works well', body: 'Used it for a week.', photos: [] })
  ids.r1 = review.id
  h.clock.advance(MINUTE)
  await approveReview(h.deps, review.id, commandLineActor())
  h.clock.advance(MINUTE)
  // Bob takes the last place (his parcel waits); Cy joins the waitlist of the full flight.
  ids.p2 = (await signUp(bob, free.campaignId)).id
  ids.p3 = (await signUp(cy, free.campaignId)).id
  // The verified-purchase test is curated: Ada's application is chosen, Cy's waits.
  ids.pb = (await signUp(ada, bought.campaignId)).id
  await signUp(cy, bought.campaignId)
  await selectParticipation(h.deps, ids.pb, commandLineActor())

  const [mine] = await h.deps.db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, ids.r1))
  expect(mine?.status).toBe('published')
  const [selection] = await h.deps.db.select({ mode: campaigns.selectionMode }).from(campaigns).where(eq(campaigns.id, bought.campaignId))
  expect(selection?.mode).toBe('curated')
})
afterAll(() => h?.close())

/** Thrown to roll a breakage back once its violations are read. */
class RolledBack extends Error {}

/** The violations after one statement, the statement then undone. */
async function violationsAfter(statement: string): Promise<Awaited<ReturnType<typeof invariantViolations>>> {
  let found: Awaited<ReturnType<typeof invariantViolations>> = []
  try {
    await h.deps.db.transaction(async (tx: Executor) => {
      await tx.execute(sql.raw(statement.replace(/\$(\w+)/g, (_, name: string) => `'${ids[name]}'`)))
      found = await invariantViolations(tx)
      throw new RolledBack()
    })
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error
  }
  return found
}

// One statement per rule: a state no service makes. `$name` is the id of that row of the setup.
const BREAKAGES: Array<[rule: string, statement: string]> = [
  ['place-without-address', `delete from addresses where member_id = $ada`],
  ['pending-shipment-without-address', `delete from addresses where member_id = $bob`],
  ['free-product-place-without-shipment', `delete from shipments where participation_id = $p2`],
  [
    'verified-purchase-shipment',
    `insert into shipments (participation_id, member_id, status, created_at) select id, member_id, 'pending', selected_at from participations where id = $pb`,
  ],
  ['shipment-without-place', `update participations set status = 'withdrawn', withdrawn_at = selected_at where id = $p2`],
  ['status-without-parcel', `update shipments set status = 'shipped', shipped_at = created_at where participation_id = $p2`],
  [
    'review-before-delivery',
    `update shipments set delivered_at = (select submitted_at + interval '1 second' from reviews where id = $r1) where participation_id = $p1`,
  ],
  ['review-without-decision', `update reviews set decided_at = null where id = $r1`],
  ['review-shown-kept', `update reviews set shown_author_name = 'Someone else' where id = $r1`],
  ['reviewed-without-review', `update participations set status = 'reviewed' where id = $p2`],
  ['reviewed-without-review', `update reviews set status = 'pending', published_at = null, decided_at = null where id = $r1`],
  ['review-of-unreviewed-participation', `update participations set status = 'delivered' where id = $p1`],
  ['flight-over-quota', `update flights set quota = 1 where id = $flight`],
  ['first-come-applied', `update participations set status = 'applied' where id = $p3`],
  ['waitlisted-beside-free-place', `update flights set quota = 3 where id = $flight`],
  ['second-of-household', `update addresses set household_key = (select household_key from addresses where member_id = $ada) where member_id = $bob`],
  ['place-outside-countries', `update addresses set country = 'FR' where member_id = $ada`],
  ['applied-outside-window', `update participations set applied_at = applied_at - interval '2 days' where id = $p2`],
  ['selected-before-applied', `update participations set selected_at = applied_at - interval '1 minute' where id = $p2`],
  ['shipped-before-selected', `update shipments set shipped_at = created_at - interval '1 hour' where participation_id = $p1`],
  ['delivered-before-shipped', `update shipments set delivered_at = shipped_at - interval '1 minute' where participation_id = $p1`],
  ['published-before-submitted', `update reviews set published_at = submitted_at - interval '1 minute' where id = $r1`],
  ['dated-in-the-future', `update participations set completed_at = now() + interval '1 day' where id = $p1`],
  ['member-registration', `update members set registered_at = created_at - interval '1 day' where id = $ada`],
  ['referral-accepted-without-completion', `update members set referral_accepted_at = created_at where id = $bob`],
  ['address-link-without-shared-address', `update addresses set household_key = 'DE|10115|elsewhere|' where member_id = $eve`],
  ['linked-applicants-kept', `insert into linked_applicants (flight_id, participation_id) select flight_id, id from participations where id = $p1`],
  [
    'moderation-queue-kept',
    `insert into moderation_queue_counts (campaign_id, rating, reviews) select campaign_id, rating, 1 from reviews where id = $r1
      on conflict (campaign_id, rating) do update set reviews = moderation_queue_counts.reviews + 1`,
  ],
  [
    'flight-applicants-kept',
    `update flight_applicant_counts set withdrawn = withdrawn + 1 where flight_id = (select flight_id from participations where id = $p1)`,
  ],
]

describe('the rules of data that could have happened', () => {
  it('hold of a community built through the services, scoped or not', async () => {
    expect(await invariantViolations(h.deps.db)).toEqual([])
    expect(await invariantViolations(h.deps.db, { memberIds: [ids.ada!, ids.bob!] })).toEqual([])
  })

  it('each has a breakage below', () => {
    expect(new Set(BREAKAGES.map(([rule]) => rule))).toEqual(new Set(INVARIANT_RULES))
  })

  it.each(BREAKAGES)('%s: noticed after %s', async (rule, statement) => {
    const found = await violationsAfter(statement)
    expect(found.map((v) => v.rule)).toContain(rule)
    expect(found.find((v) => v.rule === rule)).toMatchObject({ total: expect.any(Number) })
  })

  it('a scope leaves other members’ rows out', async () => {
    const found = await violationsAfter(`update members set registered_at = created_at - interval '1 day' where id = $ada`)
    expect(found).toHaveLength(1)
    let scoped: unknown[] = []
    try {
      await h.deps.db.transaction(async (tx: Executor) => {
        await tx.execute(sql`update members set registered_at = created_at - interval '1 day' where id = ${ids.ada}`)
        scoped = await invariantViolations(tx, { memberIds: [ids.bob!] })
        throw new RolledBack()
      })
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error
    }
    expect(scoped).toEqual([])
  })
})
