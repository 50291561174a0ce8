// Rewards: points redeemed for discount codes. The debit and the code are written in one
// transaction under the member's row lock: the balance never goes negative, and one request id
// never redeems twice.
import { and, desc, eq } from 'drizzle-orm'
import type { Redemption, Reward, RewardId } from '../../contract/rewards'
import { ledgerEntries, members, redemptions } from '../db/schema'
import type { Executor } from '../db/client'
import type { SuiteDeps } from '../deps'
import { conflict } from '../http/errors'
import { pointsBalance, type MemberRow } from './members'

export const REWARDS: Reward[] = [
  { id: 'voucher-5', title: '€5 shop voucher', points: 500, valueCents: 500, currency: 'EUR' },
  { id: 'voucher-10', title: '€10 shop voucher', points: 900, valueCents: 1000, currency: 'EUR' },
  { id: 'voucher-25', title: '€25 shop voucher', points: 2000, valueCents: 2500, currency: 'EUR' },
]

function reward(id: RewardId): Reward {
  const found = REWARDS.find((r) => r.id === id)
  if (!found) throw new Error(`Unknown reward ${id}`)
  return found
}

type RedemptionRow = typeof redemptions.$inferSelect
function toRedemption(r: RedemptionRow): Redemption {
  return {
    id: r.id,
    requestId: r.requestId,
    rewardId: r.rewardId as RewardId,
    code: r.code,
    points: r.points,
    valueCents: r.valueCents,
    currency: r.currency,
    createdAt: r.createdAt.toISOString(),
  }
}

export async function listRedemptions(ex: Executor, memberId: string): Promise<Redemption[]> {
  const rows = await ex.select().from(redemptions).where(eq(redemptions.memberId, memberId)).orderBy(desc(redemptions.createdAt))
  return rows.map(toRedemption)
}

export async function redeem(
  deps: SuiteDeps,
  member: MemberRow,
  rewardId: RewardId,
  requestId: string,
): Promise<{ redemption: Redemption; balance: number; created: boolean }> {
  const now = deps.clock.now()
  const chosen = reward(rewardId)
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update')
    const [earlier] = await tx
      .select()
      .from(redemptions)
      .where(and(eq(redemptions.memberId, member.id), eq(redemptions.requestId, requestId)))
    if (earlier) {
      if (earlier.rewardId !== rewardId) throw conflict('This request id was already used for another reward')
      return { redemption: toRedemption(earlier), balance: await pointsBalance(tx, member.id), created: false }
    }
    const balance = await pointsBalance(tx, member.id)
    if (balance < chosen.points) throw conflict(`Not enough points: ${chosen.title} needs ${chosen.points}, you have ${balance}`)
    const code = await deps.discountCodes.issue({ requestId, valueCents: chosen.valueCents, currency: chosen.currency, title: chosen.title })
    const [row] = await tx
      .insert(redemptions)
      .values({
        memberId: member.id,
        requestId,
        rewardId,
        code,
        points: chosen.points,
        valueCents: chosen.valueCents,
        currency: chosen.currency,
        createdAt: now,
      })
      .returning()
    if (!row) throw new Error('Redemption not written')
    await tx.insert(ledgerEntries).values({
      memberId: member.id,
      points: -chosen.points,
      reason: `Redeemed: ${chosen.title}`,
      idempotencyKey: `redemption:${requestId}`,
      createdAt: now,
    })
    return { redemption: toRedemption(row), balance: balance - chosen.points, created: true }
  })
}
