// The points ledger: one entry per credit or debit, the balance their sum. Credits are made once
// per idempotency key: the same key written again adds nothing.
import { desc, eq, sql } from 'drizzle-orm'
import type { LedgerEntry, MissionKey } from '../../contract/rewards'
import type { Executor } from '../db/client'
import { ledgerEntries } from '../db/schema'

export async function pointsBalance(ex: Executor, memberId: string): Promise<number> {
  const [row] = await ex
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.points}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.memberId, memberId))
  return Number(row?.balance ?? 0)
}

export async function credit(ex: Executor, memberId: string, entry: { points: number; reason: string; key: string; missionKey?: MissionKey }, now: Date) {
  await ex
    .insert(ledgerEntries)
    .values({ memberId, points: entry.points, reason: entry.reason, missionKey: entry.missionKey ?? null, idempotencyKey: entry.key, createdAt: now })
    .onConflictDoNothing()
}

export async function ledgerOf(ex: Executor, memberId: string): Promise<LedgerEntry[]> {
  const rows = await ex.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, memberId)).orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
  return rows.map((r) => ({
    id: r.id,
    kind: r.points >= 0 ? 'credit' : 'debit',
    points: Math.abs(r.points),
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }))
}
