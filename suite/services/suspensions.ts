// Suspensions: whether one is in force for a member, and the refusal a suspended member's action
// gets. One is in force while it is not lifted and its `until` is null or still ahead (by the
// member API's clock), so a suspension past its date stops counting with no job to end it.
import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { OpsSuspension, SuspensionNotice } from '../../contract/suspension'
import type { Executor } from '../db/client'
import { auditLog, suspensions } from '../db/schema'
import { conflict } from '../http/errors'

export type SuspensionRow = typeof suspensions.$inferSelect

/** The condition of a suspension in force at `now`. */
export function inForce(now: Date): SQL {
  return and(isNull(suspensions.liftedAt), or(isNull(suspensions.until), gt(suspensions.until, now)))!
}

export const isInForce = (row: SuspensionRow, now: Date): boolean => row.liftedAt === null && (row.until === null || row.until > now)

/** The member's suspension in force at `now`, if any. */
export async function suspensionInForce(ex: Executor, memberId: string, now: Date): Promise<SuspensionRow | undefined> {
  const [row] = await ex
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.memberId, memberId), inForce(now)))
    .orderBy(desc(suspensions.suspendedAt))
    .limit(1)
  return row
}

/** Which of these members are suspended at `now`. */
export async function suspendedAmong(ex: Executor, memberIds: readonly string[], now: Date): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set()
  const rows = await ex
    .selectDistinct({ memberId: suspensions.memberId })
    .from(suspensions)
    .where(and(inArray(suspensions.memberId, [...memberIds]), inForce(now)))
  return new Set(rows.map((r) => r.memberId))
}

/** A condition true of a member (by their id column) not suspended at `now`. */
export function notSuspended(memberId: SQL | AnyPgColumn, now: Date): SQL {
  return sql`not exists (select 1 from ${suspensions} where ${suspensions.memberId} = ${memberId} and ${inForce(now)})`
}

/** The refusal of an action a suspended member may not take (reason 'suspended', with its end). */
export function suspendedRefusal(row: SuspensionRow) {
  return conflict(
    row.until
      ? `Your account is suspended until ${row.until.toISOString()}: you cannot do this meanwhile`
      : 'Your account is suspended: you cannot do this until it is lifted',
    { code: 'suspended', until: row.until?.toISOString() ?? null },
  )
}

/** Refuses when the member is suspended at `now`. */
export async function refuseWhileSuspended(ex: Executor, memberId: string, now: Date): Promise<void> {
  const row = await suspensionInForce(ex, memberId, now)
  if (row) throw suspendedRefusal(row)
}

/** What the member reads of their suspension. */
export const toNotice = (row: SuspensionRow): SuspensionNotice => ({
  reason: row.reason,
  note: row.note,
  since: row.suspendedAt.toISOString(),
  until: row.until?.toISOString() ?? null,
})

/** A suspension as support reads it; `staffEmails` names the staff by uid where known. */
export const toOpsSuspension = (row: SuspensionRow, now: Date, staffEmails: ReadonlyMap<string, string | null>): OpsSuspension => ({
  id: row.id,
  reason: row.reason,
  note: row.note,
  since: row.suspendedAt.toISOString(),
  until: row.until?.toISOString() ?? null,
  suspendedBy: staffEmails.get(row.suspendedBy) ?? row.suspendedBy,
  liftedAt: row.liftedAt?.toISOString() ?? null,
  liftedBy: row.liftedBy ? (staffEmails.get(row.liftedBy) ?? row.liftedBy) : null,
  inForce: isInForce(row, now),
})

/**
 * Every suspension of a member, newest first, as support reads them: who suspended and lifted each
 * is named as the audit log names them (its entries of the member), by uid where it does not.
 */
export async function suspensionHistory(ex: Executor, memberId: string, now: Date): Promise<OpsSuspension[]> {
  const rows = await ex.select().from(suspensions).where(eq(suspensions.memberId, memberId)).orderBy(desc(suspensions.suspendedAt))
  if (rows.length === 0) return []
  const actors = await ex
    .selectDistinct({ uid: auditLog.actorUid, email: auditLog.actorEmail })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'member'), eq(auditLog.targetId, memberId), inArray(auditLog.action, ['member.suspend', 'member.lift-suspension'])))
  const emails = new Map(actors.map((a) => [a.uid, a.email]))
  return rows.map((row) => toOpsSuspension(row, now, emails))
}
