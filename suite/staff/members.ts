// Support: finding a member and acting for them. Contact details (e-mail, phone) go only to roles
// whose capabilities include members:contact; every action is audited.
import { and, asc, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { WITHDRAWABLE_STATUSES } from '../../contract/participation-rules'
import { standingOf } from '../../contract/standing'
import type { MemberSearchResult, OpsMember } from '../../contract/ops-members'
import { linksOf } from '../services/account-links'
import { auditLog, campaigns, flights, ledgerEntries, members, outbox, participations, suspensions } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest, conflict, notFound } from '../http/errors'
import { pointsBalance } from '../services/ledger'
import { notifyMember } from '../services/notify'
import { withdraw } from '../services/participations'
import { FORMER_MEMBER } from '../services/reviews'
import { standingCounts } from '../services/standing'
import { releaseOpenParticipations } from '../services/participations'
import { suspendedAmong, suspensionHistory, suspensionInForce, toOpsSuspension } from '../services/suspensions'
import type { SuspendBody } from '../../contract/suspension'
import { SUPPORT_EMAIL } from '../../contract/suspension'
import { refuseSelfService, type StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

/**
 * Texts that start with `prefix` (lowercased), in any case: a range of the lowercased column in
 * byte order, from the prefix to the prefix followed by the highest character. A range, not LIKE,
 * because it reads the prefix index (members_*_prefix_idx) with the prefix given as a value too,
 * which the plan PostgreSQL keeps for a prepared statement needs.
 */
function startsWith(column: SQL, prefix: string): SQL {
  const from = prefix.toLowerCase()
  return sql`(lower(${column}) ~>=~ ${from} and lower(${column}) ~<~ ${`${from}\u{10FFFF}`})`
}

const seesContact = (actor: StaffActor) => actor.capabilities.includes('members:contact')

/**
 * Members whose e-mail, name or referral code matches, in any case: the start of the e-mail
 * (only the e-mail when the text has an @), a referral code exactly, the start of a first, last,
 * full ("first last") or display name. Each is a range of an index of its own (members_*_prefix_idx),
 * so a search reads the members it finds, not the community. A role without members:contact may
 * not search by e-mail and is not shown the addresses.
 */
export async function searchMembers(deps: SuiteDeps, actor: StaffActor, query: { q: string; page: number; pageSize: number }): Promise<MemberSearchResult> {
  const q = query.q.trim()
  // Only a role that may see e-mail addresses may search by them: no guessing one letter at a time.
  const byEmail = seesContact(actor)
  const emailStart = startsWith(sql`${members.email}`, q)
  const condition: SQL | undefined = q.includes('@')
    ? byEmail
      ? emailStart
      : sql`false`
    : or(
        byEmail ? emailStart : undefined,
        eq(members.referralCode, q.toUpperCase()),
        startsWith(sql`${members.firstName}`, q),
        startsWith(sql`${members.lastName}`, q),
        startsWith(sql`${members.firstName} || ' ' || ${members.lastName}`, q),
        startsWith(sql`${members.displayName}`, q),
      )
  const now = deps.clock.now()
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(members)
      .where(condition)
      .orderBy(asc(members.displayName), asc(members.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(members).where(condition),
  ])
  const suspended = await suspendedAmong(
    deps.db,
    rows.map((row) => row.id),
    now,
  )
  return {
    items: rows.map((row) => ({
      memberId: row.id,
      displayName: row.pseudonymizedAt ? FORMER_MEMBER : row.displayName,
      name: row.pseudonymizedAt ? '' : `${row.firstName} ${row.lastName}`.trim(),
      email: seesContact(actor) && !row.pseudonymizedAt ? row.email : null,
      referralCode: row.referralCode,
      createdAt: row.createdAt.toISOString(),
      deleted: row.pseudonymizedAt !== null,
      suspended: suspended.has(row.id),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(counted?.n ?? 0),
  }
}

async function memberRow(deps: SuiteDeps, memberId: string) {
  const [row] = await deps.db.select().from(members).where(eq(members.id, memberId))
  if (!row) throw notFound('Member')
  return row
}

/** A member's page for support: participations, points history, standing, and the messages sent to them (not their text). */
export async function opsMember(deps: SuiteDeps, actor: StaffActor, memberId: string): Promise<OpsMember> {
  const row = await memberRow(deps, memberId)
  const recipients = [row.email, row.phone].filter((value): value is string => Boolean(value))
  const now = deps.clock.now()
  const [counts, balance, ledger, taken, sent, links, suspensionList] = await Promise.all([
    standingCounts(deps.db, [row.id], deps.clock.now()),
    pointsBalance(deps.db, row.id),
    deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, row.id)).orderBy(desc(ledgerEntries.createdAt)).limit(100),
    deps.db
      .select({
        participationId: participations.id,
        campaignId: participations.campaignId,
        campaignTitle: campaigns.title,
        flightName: flights.name,
        status: participations.status,
        appliedAt: participations.appliedAt,
      })
      .from(participations)
      .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
      .innerJoin(flights, eq(flights.id, participations.flightId))
      .where(eq(participations.memberId, row.id))
      .orderBy(desc(participations.appliedAt)),
    row.pseudonymizedAt
      ? Promise.resolve([])
      : deps.db
          .select({
            id: outbox.id,
            channel: outbox.channel,
            topic: outbox.topic,
            template: outbox.template,
            subject: outbox.subject,
            createdAt: outbox.createdAt,
            sentAt: outbox.sentAt,
            failedAt: outbox.failedAt,
            withheldAt: outbox.withheldAt,
            nextAttemptAt: outbox.nextAttemptAt,
            attempts: outbox.attempts,
          })
          .from(outbox)
          // By member id; rows written before messages named their member, by address.
          .where(
            recipients.length
              ? or(eq(outbox.memberId, row.id), and(isNull(outbox.memberId), inArray(outbox.recipient, recipients)))
              : eq(outbox.memberId, row.id),
          )
          .orderBy(desc(outbox.createdAt))
          .limit(50),
    row.pseudonymizedAt ? Promise.resolve([]) : linksOf(deps.db, row.id),
    suspensionHistory(deps.db, row.id, now),
  ])
  const standing = standingOf(counts.get(row.id)!)
  const contact = seesContact(actor) && !row.pseudonymizedAt
  return {
    memberId: row.id,
    displayName: row.pseudonymizedAt ? FORMER_MEMBER : row.displayName,
    name: row.pseudonymizedAt ? '' : `${row.firstName} ${row.lastName}`.trim(),
    email: contact ? row.email : null,
    emailVerified: row.emailVerified,
    phone: contact ? row.phone : null,
    referralCode: row.referralCode,
    createdAt: row.createdAt.toISOString(),
    deleted: row.pseudonymizedAt !== null,
    standing: { tier: standing.tier, score: standing.score },
    pointsBalance: balance,
    points: ledger.map((entry) => ({ points: entry.points, reason: entry.reason, at: entry.createdAt.toISOString() })),
    participations: taken.map((p) => ({ ...p, appliedAt: p.appliedAt.toISOString(), withdrawable: WITHDRAWABLE_STATUSES.includes(p.status) })),
    messages: sent.map((m) => ({
      id: m.id,
      channel: m.channel,
      topic: m.topic ?? 'transactional',
      template: m.template,
      subject: m.subject,
      status: m.sentAt ? 'sent' : m.failedAt ? 'failed' : m.withheldAt ? 'withheld' : 'waiting',
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      dueAt: m.sentAt || m.failedAt || m.withheldAt ? null : m.nextAttemptAt.toISOString(),
      attempts: m.attempts,
    })),
    links,
    suspension: suspensionList.find((s) => s.inForce) ?? null,
    suspensions: suspensionList,
  }
}

/** Goodwill points (a late parcel, a contest prize): one ledger entry with its reason, in the member's history, audited. Sent twice with one request id, granted once. */
export async function grantGoodwill(
  deps: SuiteDeps,
  actor: StaffActor,
  memberId: string,
  points: number,
  reason: string,
  requestId: string = crypto.randomUUID(),
) {
  const row = await memberRow(deps, memberId)
  refuseSelfService(actor, row.uid)
  if (row.pseudonymizedAt) throw conflict('This account was deleted')
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const written = await tx
      .insert(ledgerEntries)
      .values({ memberId: row.id, points, reason, missionKey: null, idempotencyKey: `grant:${requestId}`, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: ledgerEntries.id })
    if (written.length === 0) return
    await recordAudit(
      tx,
      actor,
      { action: 'member.grant-points', targetType: 'member', targetId: row.id, changes: { before: null, after: { points, reason } } },
      now,
    )
  })
  return { granted: points, balance: await pointsBalance(deps.db, row.id) }
}

/** Goodwill points this staff person granted in the last day (from the audit log): the recent sign-in rule counts them. */
export async function goodwillGrantedToday(deps: SuiteDeps, actor: StaffActor): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - 24 * 60 * 60 * 1000)
  const [row] = await deps.db
    .select({ points: sql<string>`coalesce(sum((${auditLog.changes} -> 'after' ->> 'points')::int), 0)` })
    .from(auditLog)
    .where(and(eq(auditLog.actorUid, actor.uid), eq(auditLog.action, 'member.grant-points'), gte(auditLog.at, since)))
  return Number(row?.points ?? 0)
}

/** Withdraws a member from a test on their request (before it ships), as they could themselves. */
export async function withdrawOnRequest(deps: SuiteDeps, actor: StaffActor, memberId: string, participationId: string, note: string) {
  const row = await memberRow(deps, memberId)
  refuseSelfService(actor, row.uid)
  const [p] = await deps.db
    .select({ campaignId: participations.campaignId })
    .from(participations)
    .where(and(eq(participations.id, participationId), eq(participations.memberId, row.id)))
  if (!p) throw notFound('Participation')
  const after = await withdraw(deps, row, p.campaignId, participationId, { actor, note })
  return { participationId, status: after.status }
}

/** Sends the member a new link to confirm their e-mail address (always sent: they asked for it). */
export async function resendVerification(deps: SuiteDeps, actor: StaffActor, memberId: string) {
  const row = await memberRow(deps, memberId)
  if (row.pseudonymizedAt || !row.email) throw conflict('This member has no e-mail address to confirm')
  if (row.emailVerified) throw conflict('This member has confirmed their e-mail address already')
  const link = await deps.identity.emailVerificationLink(row.email)
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await notifyMember(tx, deps, row.id, { template: 'verify-email', params: { link } })
    await recordAudit(
      tx,
      actor,
      { action: 'member.resend-verification', targetType: 'member', targetId: row.id, changes: { before: null, after: { sent: true } } },
      now,
    )
  })
  return { sent: true as const }
}

/**
 * Suspends a member: a reason from the list (a note for `other`), until a date ahead or until lifted.
 * In one transaction, under the member's row lock (so at most one suspension is in force): the
 * suspension, the release of their applications, waitlist places and places not yet shipped (each
 * freed place going to the next waitlisted member), the audit entry, and the e-mail telling them
 * why, until when and how to appeal. A test already shipped stays theirs.
 */
export async function suspendMember(deps: SuiteDeps, actor: StaffActor, memberId: string, body: SuspendBody) {
  const row = await memberRow(deps, memberId)
  refuseSelfService(actor, row.uid)
  if (row.pseudonymizedAt) throw conflict('This account was deleted')
  const now = deps.clock.now()
  const until = body.until === null ? null : new Date(body.until)
  if (until && until <= now) throw badRequest('The end of a suspension must be ahead', { until: ['must be in the future'] })
  const note = body.note === '' ? null : body.note
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, row.id)).for('update')
    if (await suspensionInForce(tx, row.id, now)) throw conflict('This member is suspended already: lift the suspension first to change it')
    const [written] = await tx
      .insert(suspensions)
      .values({ memberId: row.id, reason: body.reason, note, suspendedAt: now, until, suspendedBy: actor.uid })
      .returning()
    if (!written) throw new Error('Suspension not written')
    const released = await releaseOpenParticipations(tx, deps, row.id, now)
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'member.suspend',
          targetType: 'member',
          targetId: row.id,
          changes: { before: null, after: { reason: body.reason, note, until: until?.toISOString() ?? null, released: released.length } },
        },
        ...released.map((p) => ({
          action: 'participation.withdraw' as const,
          targetType: 'participation' as const,
          targetId: p.id,
          changes: { before: { status: p.status }, after: { status: 'withdrawn', note: 'Released by a suspension' } },
        })),
      ],
      now,
    )
    await notifyMember(tx, deps, row.id, {
      template: 'suspended',
      params: { firstName: row.firstName || null, reason: body.reason, note, until: until?.toISOString() ?? null, support: SUPPORT_EMAIL },
    })
    return { suspension: toOpsSuspension(written, now, new Map([[actor.uid, actor.email]])), released: released.length }
  })
}

/** Lifts the member's suspension in force: audited, and the member is told they may take part again. */
export async function liftSuspension(deps: SuiteDeps, actor: StaffActor, memberId: string) {
  const row = await memberRow(deps, memberId)
  refuseSelfService(actor, row.uid)
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, row.id)).for('update')
    const open = await suspensionInForce(tx, row.id, now)
    if (!open) throw conflict('This member is not suspended')
    const [lifted] = await tx.update(suspensions).set({ liftedAt: now, liftedBy: actor.uid }).where(eq(suspensions.id, open.id)).returning()
    if (!lifted) throw new Error('Suspension not lifted')
    await recordAudit(
      tx,
      actor,
      {
        action: 'member.lift-suspension',
        targetType: 'member',
        targetId: row.id,
        changes: { before: { reason: open.reason, until: open.until?.toISOString() ?? null }, after: { liftedAt: now.toISOString() } },
      },
      now,
    )
    await notifyMember(tx, deps, row.id, { template: 'suspension-lifted', params: { firstName: row.firstName || null } })
    return { suspension: (await suspensionHistory(tx, row.id, now)).find((s) => s.id === lifted.id)! }
  })
}
