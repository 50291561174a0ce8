// The audit trail: one append-only entry per staff action, written with the executor of the change
// itself so the entry and the change commit or roll back together.
import type { AuditAction, AuditState } from '../../contract/ops-audit'
import type { Executor } from '../db/client'
import { auditLog } from '../db/schema'
import type { StaffActor } from './actor'

/** What changed, per action: members are named by id only, never by their personal data. */
export interface AuditChanges {
  before: AuditState
  after: AuditState
}

export interface AuditRecord {
  action: AuditAction
  targetType: 'review' | 'staff' | 'participation' | 'shipment' | 'member' | 'campaign' | 'product' | 'flight' | 'newsletter' | 'category' | 'brand' | 'audit'
  targetId: string
  changes: AuditChanges
}

/** Writes one entry for each record, all under the actor's operation id. */
export async function recordAudit(ex: Executor, actor: StaffActor, records: AuditRecord | AuditRecord[], at: Date): Promise<void> {
  const list = Array.isArray(records) ? records : [records]
  if (list.length === 0) return
  await ex.insert(auditLog).values(
    list.map((record) => ({
      at,
      actorUid: actor.uid,
      actorEmail: actor.email,
      actorName: actor.name,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      operationId: actor.operationId,
      changes: record.changes,
      ip: actor.ip,
      userAgent: actor.userAgent,
    })),
  )
}
