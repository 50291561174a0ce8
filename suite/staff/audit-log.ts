// Reading the audit log: filtered by person, action, target and time, newest first, a page at a
// time or all of it as CSV (written a batch at a time, never the whole log in memory).
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm'
import type { AuditEntry, AuditPage, AuditQuery } from '../../contract/ops-audit'
import { auditLog } from '../db/schema'
import { longWork, type SuiteDeps } from '../deps'
import { sql } from 'drizzle-orm'
import { csvLine } from '../services/csv'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

function conditions(query: AuditQuery): SQL | undefined {
  const list: (SQL | undefined)[] = []
  if (query.actor) list.push(or(eq(auditLog.actorUid, query.actor), eq(auditLog.actorEmail, query.actor.toLowerCase())))
  if (query.action) list.push(eq(auditLog.action, query.action))
  if (query.targetType) list.push(eq(auditLog.targetType, query.targetType))
  if (query.targetId) list.push(eq(auditLog.targetId, query.targetId))
  if (query.from) list.push(gte(auditLog.at, new Date(query.from)))
  if (query.to) list.push(lt(auditLog.at, new Date(query.to)))
  return and(...list)
}

type AuditRow = typeof auditLog.$inferSelect

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUid: row.actorUid,
    actorEmail: row.actorEmail,
    actorName: row.actorName,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    operationId: row.operationId,
    changes: row.changes,
    ip: row.ip,
    userAgent: row.userAgent,
  }
}

export async function auditPage(deps: SuiteDeps, query: AuditQuery): Promise<AuditPage> {
  const where = conditions(query)
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.seq))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db
      .select({ n: sql<string>`count(*)` })
      .from(auditLog)
      .where(where),
  ])
  return { items: rows.map(toEntry), page: query.page, pageSize: query.pageSize, total: Number(counted?.n ?? 0) }
}

const CSV_COLUMNS = [
  'at',
  'actorUid',
  'actorEmail',
  'actorName',
  'action',
  'targetType',
  'targetId',
  'operationId',
  'before',
  'after',
  'ip',
  'userAgent',
] as const

const EXPORT_BATCH = 1000

/** The filters of an export of the log, as its audit entry holds them: those given, by name. */
const EXPORT_FILTERS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const

/**
 * The matching entries as CSV, newest first, read in batches by seq (keyset): memory stays flat
 * however long the log. The log names staff and members' ids, addresses and browsers: the export is
 * itself in the log, with its filters, before anything is read.
 */
export async function auditCsv(deps: SuiteDeps, actor: StaffActor, query: AuditQuery): Promise<ReadableStream<Uint8Array>> {
  const filters = Object.fromEntries(EXPORT_FILTERS.flatMap((name) => (query[name] === undefined ? [] : [[name, query[name]]])))
  await recordAudit(
    deps.db,
    actor,
    { action: 'audit.export', targetType: 'audit', targetId: 'audit-log', changes: { before: null, after: filters } },
    deps.clock.now(),
  )
  const where = conditions(query)
  const encoder = new TextEncoder()
  let before: number | null = null
  let headerSent = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(encoder.encode(csvLine(CSV_COLUMNS)))
        return
      }
      // A batch may take a while on a long log with filters no index serves: the long statement limit.
      const rows = await longWork(deps)
        .select()
        .from(auditLog)
        .where(and(where, before === null ? undefined : lt(auditLog.seq, before)))
        .orderBy(desc(auditLog.seq))
        .limit(EXPORT_BATCH)
      if (rows.length === 0) {
        controller.close()
        return
      }
      before = rows[rows.length - 1]!.seq
      const lines = rows.map((row) => {
        const entry = toEntry(row)
        const values = { ...entry, before: entry.changes.before, after: entry.changes.after }
        return csvLine(CSV_COLUMNS.map((column) => values[column]))
      })
      controller.enqueue(encoder.encode(lines.join('')))
    },
  })
}
