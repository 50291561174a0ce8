// Rewards: points redeemed for discount codes. The points are reserved first, in a short
// transaction under the member's row lock (the balance never goes negative, one request id never
// redeems twice); the shop is asked for the code outside any transaction and with a deadline, so a
// slow shop holds no row and no connection; then the reservation is completed with the code, or
// released. A code the shop issued whose recording failed is logged for reconciliation.
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { Redemption, Reward, RewardId } from '../../contract/rewards'
import { ledgerEntries, members, redemptions } from '../db/schema'
import type { Executor } from '../db/client'
import type { SuiteDeps } from '../deps'
import { ApiError, conflict } from '../http/errors'
import { pointsBalance } from './ledger'
import type { MemberRow } from './members'
import type { DiscountCodeRequest } from './discount-codes'

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
    code: r.code ?? '',
    points: r.points,
    valueCents: r.valueCents,
    currency: r.currency,
    createdAt: r.createdAt.toISOString(),
  }
}

export async function listRedemptions(ex: Executor, memberId: string): Promise<Redemption[]> {
  // A reservation whose code is still being requested is not a redemption yet.
  const rows = await ex
    .select()
    .from(redemptions)
    .where(and(eq(redemptions.memberId, memberId), isNotNull(redemptions.code)))
    .orderBy(desc(redemptions.createdAt))
  return rows.map(toRedemption)
}

const DISCOUNT_CODE_TIMEOUT_MS = 10_000

type Reserved =
  { kind: 'done'; result: { redemption: Redemption; balance: number; created: boolean } } | { kind: 'reserved'; row: RedemptionRow; balance: number }

export async function redeem(
  deps: SuiteDeps,
  member: MemberRow,
  rewardId: RewardId,
  requestId: string,
): Promise<{ redemption: Redemption; balance: number; created: boolean }> {
  const now = deps.clock.now()
  const chosen = reward(rewardId)
  const reserved = await deps.db.transaction(async (tx): Promise<Reserved> => {
    await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('update')
    const [earlier] = await tx
      .select()
      .from(redemptions)
      .where(and(eq(redemptions.memberId, member.id), eq(redemptions.requestId, requestId)))
    if (earlier) {
      if (earlier.rewardId !== rewardId) throw conflict('This request id was already used for another reward')
      if (earlier.code === null) throw conflict('This redemption is under way; try again in a moment')
      return { kind: 'done', result: { redemption: toRedemption(earlier), balance: await pointsBalance(tx, member.id), created: false } }
    }
    const balance = await pointsBalance(tx, member.id)
    if (balance < chosen.points) throw conflict(`Not enough points: ${chosen.title} needs ${chosen.points}, you have ${balance}`)
    const [row] = await tx
      .insert(redemptions)
      .values({
        memberId: member.id,
        requestId,
        rewardId,
        code: null,
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
      idempotencyKey: redemptionKey(requestId),
      createdAt: now,
    })
    return { kind: 'reserved', row, balance: balance - chosen.points }
  })
  if (reserved.kind === 'done') return reserved.result

  let code: string
  try {
    code = await codeWithin(deps, { requestId, valueCents: chosen.valueCents, currency: chosen.currency, title: chosen.title })
  } catch (error) {
    await release(deps, reserved.row)
    deps.logger.warn({ err: error, requestId }, 'discount code not issued; points released')
    throw new ApiError('UNAVAILABLE', 'The shop did not give a code just now; your points were not used. Please try again in a moment.')
  }
  try {
    const [issued] = await deps.db.update(redemptions).set({ code }).where(eq(redemptions.id, reserved.row.id)).returning()
    if (!issued) throw new Error('Reservation disappeared')
    return { redemption: toRedemption(issued), balance: reserved.balance, created: true }
  } catch (error) {
    // The shop made a code the member was not given: an operator reconciles it (cancel it in the shop, or hand it over).
    deps.logger.error({ err: error, requestId, redemptionId: reserved.row.id, memberId: member.id, code }, 'discount code issued but not recorded: reconcile')
    throw error
  }
}

const redemptionKey = (requestId: string) => `redemption:${requestId}`

/** The shop's code, or a failure once the deadline has passed (the request to the shop is aborted). */
async function codeWithin(deps: SuiteDeps, request: Omit<DiscountCodeRequest, 'signal'>): Promise<string> {
  const timeoutMs = deps.discountCodeTimeoutMs ?? DISCOUNT_CODE_TIMEOUT_MS
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new Error(`The shop did not answer within ${timeoutMs} ms`))
    }, timeoutMs)
  })
  try {
    return await Promise.race([deps.discountCodes.issue({ ...request, signal: controller.signal }), deadline])
  } finally {
    clearTimeout(timer)
  }
}

/** Gives the reserved points back: the reservation and its debit go. */
async function release(deps: SuiteDeps, row: RedemptionRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(ledgerEntries).where(and(eq(ledgerEntries.memberId, row.memberId), eq(ledgerEntries.idempotencyKey, redemptionKey(row.requestId))))
    await tx.delete(redemptions).where(eq(redemptions.id, row.id))
  })
}
