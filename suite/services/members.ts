// Members: the record behind a Firebase uid, its profile and summaries.
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Member, MemberInfo, MemberSummary, NotificationSettings } from '../../contract/members'
import type { Executor } from '../db/client'
import { addresses, ledgerEntries, members, participations } from '../db/schema'
import type { SuiteDeps } from '../deps'
import type { VerifiedIdentity } from '../identity/identity'
import { badRequest } from '../http/errors'
import { toAddress } from './address'
import { randomCode } from './discount-codes'
import { syncMissions } from './missions'
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

/**
 * The member record of a verified identity, created on first use; keeps e-mail and its
 * verification in step with Firebase, which owns them.
 */
export async function memberForIdentity(deps: SuiteDeps, identity: VerifiedIdentity): Promise<MemberRow> {
  const { db, clock } = deps
  let [row] = await db.select().from(members).where(eq(members.uid, identity.uid))
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
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: members.id, emailVerified: members.emailVerified })
      // A member whose address was verified before their first call earns the mission at once.
      if (created[0]?.emailVerified) await syncMissions(tx, created[0].id, now)
    })
    ;[row] = await db.select().from(members).where(eq(members.uid, identity.uid))
  }
  if (!row) throw new Error('Could not create the member record')
  if (row.pseudonymizedAt) return row
  // A new address takes the token's word on its verification. For the same address, a token only
  // ever upgrades it: a credential minted before the member verified (an older session) must not
  // undo a verification another credential already brought.
  const emailChanged = row.email !== identity.email
  if (emailChanged || (identity.emailVerified && !row.emailVerified)) {
    const current = row
    row = await db.transaction(async (tx) => {
      const now = clock.now()
      const [updated] = await tx
        .update(members)
        .set({ email: identity.email, emailVerified: identity.emailVerified, updatedAt: now })
        .where(eq(members.id, current.id))
        .returning()
      if (!updated) throw new Error('Member disappeared')
      if (updated.emailVerified) await syncMissions(tx, updated.id, now)
      return updated
    })
  }
  return row
}

export async function pointsBalance(ex: Executor, memberId: string): Promise<number> {
  const [row] = await ex
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.points}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.memberId, memberId))
  return Number(row?.balance ?? 0)
}

async function hasAddress(ex: Executor, memberId: string): Promise<boolean> {
  const rows = await ex.select({ id: addresses.memberId }).from(addresses).where(eq(addresses.memberId, memberId))
  return rows.length > 0
}

export async function memberSummary(ex: Executor, row: MemberRow): Promise<MemberSummary> {
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
    hasAddress: await hasAddress(ex, row.id),
    pointsBalance: await pointsBalance(ex, row.id),
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
  }
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

export async function memberInfo(ex: Executor, row: MemberRow): Promise<MemberInfo> {
  const [address] = await ex.select().from(addresses).where(eq(addresses.memberId, row.id))
  const counts = await ex
    .select({ status: participations.status, n: count() })
    .from(participations)
    .where(eq(participations.memberId, row.id))
    .groupBy(participations.status)
  const countOf = (statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0)
  return {
    member: await memberSummary(ex, row),
    address: address ? toAddress(address) : null,
    languages: row.languages,
    activeParticipations: countOf(['applied', 'selected', 'waitlisted', 'shipped', 'delivered', 'reviewed']),
    completedParticipations: countOf(['completed']),
  }
}

/** A valid code belongs to an active member other than the one asking. */
export async function referrerByCode(ex: Executor, code: string, exceptMemberId?: string): Promise<MemberRow | null> {
  if (!/^[A-Z0-9]{4,16}$/.test(code)) return null
  const where = [eq(members.referralCode, code), isNull(members.pseudonymizedAt)]
  if (exceptMemberId) where.push(ne(members.id, exceptMemberId))
  const [row] = await ex.select().from(members).where(and(...where))
  return row ?? null
}

/**
 * POST suite/api/members: sets the names given at registration and, once, the referrer.
 * Idempotent: repeating it changes nothing further.
 */
export async function completeRegistration(
  deps: SuiteDeps,
  member: MemberRow,
  body: v.InferOutput<typeof CreateMemberBodySchema>,
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
    if (body.referralCode && locked.referredById === null) {
      const referrer = await referrerByCode(tx, body.referralCode, locked.id)
      if (!referrer) throw badRequest('The referral code is not valid', { referralCode: ['is not a valid referral code'] })
      changes.referredById = referrer.id
    }
    const [updated] = await tx.update(members).set(changes).where(eq(members.id, locked.id)).returning()
    if (!updated) throw new Error('Member disappeared')
    await syncMissions(tx, updated.id, deps.clock.now())
    return { member: updated, created: firstTime }
  })
}

export async function updateProfile(
  deps: SuiteDeps,
  member: MemberRow,
  body: v.InferOutput<typeof UpdateProfileBodySchema>,
): Promise<MemberRow> {
  const changes: Partial<typeof members.$inferInsert> = { updatedAt: deps.clock.now() }
  if (body.firstName !== undefined) changes.firstName = body.firstName
  if (body.lastName !== undefined) changes.lastName = body.lastName
  if (body.displayName !== undefined) changes.displayName = body.displayName
  if (body.birthDate !== undefined) changes.birthDate = body.birthDate
  if (body.gender !== undefined) changes.gender = body.gender
  if (body.languages !== undefined) changes.languages = [...new Set(body.languages)]
  if (body.preferences !== undefined) changes.preferences = body.preferences
  if (body.payout !== undefined) changes.payout = body.payout
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx.update(members).set(changes).where(eq(members.id, member.id)).returning()
    if (!updated) throw new Error('Member disappeared')
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
