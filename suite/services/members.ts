// Members: the record behind a Firebase uid, its profile and summaries.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Member, MemberInfo, MemberSummary, NotificationSettings } from '../../contract/members'
import type { ParticipationStatus } from '../../contract/participations'
import { preparedPerDatabase, type Db, type Executor } from '../db/client'
import { addresses, ledgerEntries, members, participations, secondFactors, suspensions } from '../db/schema'
import type { SuspensionNotice, SuspensionReason } from '../../contract/suspension'
import type { SuiteDeps } from '../deps'
import type { VerifiedIdentity } from '../identity/identity'
import { badRequest, conflict, unauthenticated } from '../http/errors'
import { toAddress } from './address'
import { requireKnownCategories } from './categories'
import { randomCode } from './discount-codes'
import { linkByEmail, linkBySharedKey } from './account-links'
import { payoutKey } from './normalise'
import { syncMissions } from './missions'
import { recordSightings, type Seen } from './sightings'
import type * as v from 'valibot'
import type { UpdateProfileBodySchema, CreateMemberBodySchema } from '../../contract/members'

export type MemberRow = typeof members.$inferSelect

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: { newCampaigns: true, shipmentUpdates: true, reminders: true, newsletter: false },
  sms: { newCampaigns: false, shipmentUpdates: true, reminders: false, newsletter: false },
}

/** Short, human-typable, unique; retried on the rare collision. */
export function newReferralCode(): string {
  return randomCode(8)
}

function namesFrom(identity: VerifiedIdentity): { firstName: string; lastName: string; displayName: string } {
  const name = (identity.name ?? '').trim()
  const [first = '', ...rest] = name.split(/\s+/)
  const displayName = name || (identity.email ? (identity.email.split('@')[0] ?? '') : '')
  return { firstName: first, lastName: rest.join(' '), displayName: displayName.slice(0, 60) }
}

/** Every member request starts with this query. */
const memberByUid = preparedPerDatabase((db) =>
  db
    .select()
    .from(members)
    .where(eq(members.uid, sql.placeholder('uid')))
    .prepare('member_by_uid'),
)

/**
 * Whether the record's e-mail agrees with the credential's. A new address takes the token's word on
 * its verification. For the same address, a token only ever upgrades it: a credential minted before
 * the member verified (an older session) must not undo a verification another credential already brought.
 */
function emailInStep(row: MemberRow, identity: VerifiedIdentity): boolean {
  return row.email === identity.email && !(identity.emailVerified && !row.emailVerified)
}

/**
 * The member record of a verified identity, created on first use; keeps e-mail and its
 * verification in step with Firebase, which owns them.
 */
export async function memberForIdentity(deps: SuiteDeps, identity: VerifiedIdentity): Promise<MemberRow> {
  const { db, clock } = deps
  let [row] = await memberByUid(db).execute({ uid: identity.uid })
  for (let attempt = 0; !row && attempt < 5; attempt++) {
    const now = clock.now()
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(members)
        .values({
          uid: identity.uid,
          email: identity.email,
          emailVerified: identity.emailVerified,
          ...namesFrom(identity),
          notificationSettings: DEFAULT_NOTIFICATION_SETTINGS,
          referralCode: newReferralCode(),
          // Someone who set up a second factor before their first member call (staff, brand users) keeps it here too.
          secondFactorOn: sql`exists (select 1 from ${secondFactors} where ${secondFactors.uid} = ${identity.uid} and ${secondFactors.confirmedAt} is not null)`,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: members.id, emailVerified: members.emailVerified })
      if (created[0]) await linkByEmail(tx, created[0].id, identity.email, now)
      // A member whose address was verified before their first call earns the mission at once.
      if (created[0]?.emailVerified) await syncMissions(tx, created[0].id, now)
    })
    ;[row] = await memberByUid(db).execute({ uid: identity.uid })
  }
  if (!row) throw new Error('Could not create the member record')
  if (row.pseudonymizedAt) return row
  if (!emailInStep(row, identity)) {
    const current = row
    row = await db.transaction(async (tx) => {
      const now = clock.now()
      const [updated] = await tx
        .update(members)
        .set({ email: identity.email, emailVerified: identity.emailVerified, updatedAt: now })
        .where(eq(members.id, current.id))
        .returning()
      if (!updated) throw new Error('Member disappeared')
      await linkByEmail(tx, updated.id, identity.email, now)
      if (updated.emailVerified) await syncMissions(tx, updated.id, now)
      return updated
    })
  }
  return row
}

/**
 * The outer query's member id, always written with its table: in a query on `members` alone drizzle
 * leaves columns unqualified, and inside a subquery a bare "id" would be the subquery's own table's.
 */
const outerMemberId = sql`${members}.${sql.identifier('id')}`
/** The member's points balance, as a column of a query on `members`. */
const balanceColumn = sql<string>`(select coalesce(sum(${ledgerEntries.points}), 0) from ${ledgerEntries} where ${ledgerEntries.memberId} = ${outerMemberId})`
const ACTIVE_STATUSES: ParticipationStatus[] = ['applied', 'selected', 'waitlisted', 'shipped', 'delivered', 'reviewed']
/** What member_info adds to the member row, as columns of a query on `members` left-joined with `addresses`. */
const infoColumns = {
  address: addresses,
  balance: balanceColumn,
  // [active, completed]: one pass over the member's participations.
  participations: sql<
    [number, number]
  >`(select json_build_array(count(*) filter (where ${inArray(participations.status, ACTIVE_STATUSES)}), count(*) filter (where ${participations.status} = 'completed')) from ${participations} where ${participations.memberId} = ${outerMemberId})`,
  // The newest suspension not lifted: the only one that can be in force (suspending refuses while one
  // is); whether its date has passed is decided by the member API's clock (toInfo).
  suspension: sql<OpenSuspension | null>`(select json_build_object('reason', ${suspensions.reason}, 'note', ${suspensions.note}, 'since', ${suspensions.suspendedAt}, 'until', ${suspensions.until}) from ${suspensions} where ${suspensions.memberId} = ${outerMemberId} and ${suspensions.liftedAt} is null order by ${suspensions.suspendedAt} desc limit 1)`,
}

type OpenSuspension = { reason: SuspensionReason; note: string | null; since: string; until: string | null }

/** The member's notice of an open suspension, while it is in force at `now`. */
function noticeOf(open: OpenSuspension | null | undefined, now: Date): SuspensionNotice | null {
  if (!open) return null
  const until = open.until === null ? null : new Date(open.until)
  if (until && until <= now) return null
  return { reason: open.reason, note: open.note, since: new Date(open.since).toISOString(), until: until?.toISOString() ?? null }
}

function toSummary(row: MemberRow, facts: { hasAddress: boolean; balance: string | number }): MemberSummary {
  return {
    id: row.id,
    uid: row.uid,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    email: row.email,
    emailVerified: row.emailVerified,
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    hasAddress: facts.hasAddress,
    pointsBalance: Number(facts.balance),
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function memberSummary(ex: Executor, row: MemberRow): Promise<MemberSummary> {
  // One round trip for what the member row does not hold.
  const [facts] = await ex
    .select({ hasAddress: sql<boolean>`exists (select 1 from ${addresses} where ${addresses.memberId} = ${outerMemberId})`, balance: balanceColumn })
    .from(members)
    .where(eq(members.id, row.id))
  return toSummary(row, facts ?? { hasAddress: false, balance: 0 })
}

export async function memberProfile(ex: Executor, row: MemberRow): Promise<Member> {
  return {
    ...(await memberSummary(ex, row)),
    birthDate: row.birthDate,
    gender: (row.gender as Member['gender']) ?? null,
    languages: row.languages,
    preferences: row.preferences,
    payout: row.payout ?? null,
    referredBy: row.referredById !== null,
  }
}

/** The address, the balance and the participation counts beside the member row: one round trip. */
const memberInfoById = preparedPerDatabase((db) =>
  db
    .select(infoColumns)
    .from(members)
    .leftJoin(addresses, eq(addresses.memberId, members.id))
    .where(eq(members.id, sql.placeholder('id')))
    .prepare('member_info_by_id'),
)
/** The same with the member row itself, found by uid. */
const memberInfoByUid = preparedPerDatabase((db) =>
  db
    .select({ member: members, ...infoColumns })
    .from(members)
    .leftJoin(addresses, eq(addresses.memberId, members.id))
    .where(eq(members.uid, sql.placeholder('uid')))
    .prepare('member_info_by_uid'),
)

type InfoFacts = {
  address: typeof addresses.$inferSelect | null
  balance: string
  participations: [number, number] | null
  suspension: OpenSuspension | null
}

function toInfo(row: MemberRow, facts: InfoFacts | undefined, now: Date): MemberInfo {
  const address = facts?.address ?? null
  const [active, completed] = facts?.participations ?? [0, 0]
  return {
    member: toSummary(row, { hasAddress: address !== null, balance: facts?.balance ?? 0 }),
    address: address ? toAddress(address) : null,
    languages: row.languages,
    activeParticipations: Number(active),
    completedParticipations: Number(completed),
    suspension: noticeOf(facts?.suspension, now),
  }
}

async function memberInfo(db: Db, row: MemberRow, now: Date): Promise<MemberInfo> {
  const [facts] = await memberInfoById(db).execute({ id: row.id })
  return toInfo(row, facts, now)
}

/**
 * member_info of a verified identity, which the portal asks for on every page: one round trip when
 * the member's record exists and agrees with the credential; otherwise memberForIdentity (which
 * creates or brings the record in step) and then memberInfo. A deleted account is refused.
 */
export async function memberInfoOf(deps: SuiteDeps, identity: VerifiedIdentity): Promise<{ member: MemberRow; info: MemberInfo }> {
  const [found] = await memberInfoByUid(deps.db).execute({ uid: identity.uid })
  if (found && !found.member.pseudonymizedAt && emailInStep(found.member, identity))
    return { member: found.member, info: toInfo(found.member, found, deps.clock.now()) }
  const member = await memberForIdentity(deps, identity)
  if (member.pseudonymizedAt) throw unauthenticated('This account was deleted')
  return { member, info: await memberInfo(deps.db, member, deps.clock.now()) }
}

/** A valid code belongs to an active member other than the one asking. */
export async function referrerByCode(ex: Executor, code: string, exceptMemberId?: string): Promise<MemberRow | null> {
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return null
  const where = [eq(members.referralCode, code), isNull(members.pseudonymizedAt)]
  if (exceptMemberId) where.push(ne(members.id, exceptMemberId))
  const [row] = await ex
    .select()
    .from(members)
    .where(and(...where))
  return row ?? null
}

/** Whether following the referrer's own referrers leads back to this member (a referral cycle). */
async function refersBackTo(ex: Executor, referrer: MemberRow, memberId: string): Promise<boolean> {
  const seen = new Set<string>()
  let next = referrer.referredById
  while (next !== null && !seen.has(next)) {
    if (next === memberId) return true
    seen.add(next)
    const [row] = await ex.select({ referredById: members.referredById }).from(members).where(eq(members.id, next))
    next = row?.referredById ?? null
  }
  return false
}

/**
 * POST suite/api/members: sets the names given at registration and, once, the referrer.
 * Idempotent: repeating it changes nothing further.
 */
export async function completeRegistration(
  deps: SuiteDeps,
  member: MemberRow,
  body: v.InferOutput<typeof CreateMemberBodySchema>,
  seen: Seen = { device: null, network: null },
): Promise<{ member: MemberRow; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(members).where(eq(members.id, member.id)).for('update')
    if (!locked) throw new Error('Member disappeared')
    const firstTime = locked.registeredAt === null
    const changes: Partial<typeof members.$inferInsert> = {
      firstName: body.firstName,
      lastName: body.lastName,
      displayName: body.displayName ?? (locked.displayName || `${body.firstName} ${body.lastName.charAt(0)}.`),
      registeredAt: locked.registeredAt ?? deps.clock.now(),
      updatedAt: deps.clock.now(),
    }
    if (body.birthDate !== undefined) changes.birthDate = body.birthDate
    if (body.referralCode) {
      const referrer = await referrerByCode(tx, body.referralCode, locked.id)
      if (!referrer) throw badRequest('The referral code is not valid', { referralCode: ['is not a valid referral code'] })
      if (!firstTime) {
        // A code counts at registration only: added later, two members could refer each other.
        // Repeating the registration with the code it already carried changes nothing.
        if (locked.referredById !== referrer.id) throw conflict('A referral code can only be given when registering')
      } else {
        if (await refersBackTo(tx, referrer, locked.id)) {
          throw badRequest('The referral code is not valid', { referralCode: ['belongs to a member you referred'] })
        }
        changes.referredById = referrer.id
      }
    }
    const [updated] = await tx.update(members).set(changes).where(eq(members.id, locked.id)).returning()
    if (!updated) throw new Error('Member disappeared')
    await syncMissions(tx, updated.id, deps.clock.now())
    // The device and network of the sign-up, and the accounts seen with them (for staff): once, as
    // the registration itself (a repeated call changes nothing).
    if (firstTime) await recordSightings(tx, deps.settings.secondFactorKey, updated.id, seen, 'sign-up', deps.clock.now())
    return { member: updated, created: firstTime }
  })
}

export async function updateProfile(deps: SuiteDeps, member: MemberRow, body: v.InferOutput<typeof UpdateProfileBodySchema>): Promise<MemberRow> {
  const changes: Partial<typeof members.$inferInsert> = { updatedAt: deps.clock.now() }
  if (body.firstName !== undefined) changes.firstName = body.firstName
  if (body.lastName !== undefined) changes.lastName = body.lastName
  if (body.displayName !== undefined) changes.displayName = body.displayName
  if (body.birthDate !== undefined) changes.birthDate = body.birthDate
  if (body.gender !== undefined) changes.gender = body.gender
  if (body.languages !== undefined) changes.languages = [...new Set(body.languages)]
  if (body.preferences !== undefined) changes.preferences = body.preferences
  if (body.payout !== undefined) {
    changes.payout = body.payout
    // Written with the details (none when they are removed): see services/normalise.ts.
    changes.payoutKey = payoutKey(body.payout)
  }
  return deps.db.transaction(async (tx) => {
    // Interests are categories: one that does not exist is refused, and nothing of the profile changes.
    if (body.preferences !== undefined) await requireKnownCategories(tx, 'preferences.interests', body.preferences.interests)
    const [updated] = await tx.update(members).set(changes).where(eq(members.id, member.id)).returning()
    if (!updated) throw new Error('Member disappeared')
    // Payout details saved: the accounts paid into the same account are linked (for staff).
    if (changes.payoutKey) await linkBySharedKey(tx, 'payout', [updated.id], changes.updatedAt ?? deps.clock.now())
    // The profile may now be complete.
    await syncMissions(tx, updated.id, changes.updatedAt ?? deps.clock.now())
    return updated
  })
}

export async function membersByIds(ex: Executor, ids: string[]): Promise<Map<string, MemberRow>> {
  if (ids.length === 0) return new Map()
  const rows = await ex.select().from(members).where(inArray(members.id, ids))
  return new Map(rows.map((r) => [r.id, r]))
}
