// Links between accounts for staff, in both directions, each with when it was first and last seen:
// a normalised e-mail address, postal address or payout account (services/normalise.ts), or a
// verified phone number, written when the member takes it on; a device or network address seen at
// sign-up or application (services/sightings.ts). Members are never shown them.
import { and, asc, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm'
import type { Payout } from '../../contract/members'
import type { AccountLink } from '../../contract/ops-members'
import type { Executor } from '../db/client'
import { accountLinkRulings, accountLinks, addresses, members } from '../db/schema'
import { normaliseEmail, payoutKey } from './normalise'

type LinkKind = AccountLink['kind']

/** Records (or sees again) links of this kind between the member and each of the others, both ways. */
export async function recordLinks(ex: Executor, memberId: string, others: string[], kind: LinkKind, now: Date): Promise<void> {
  if (others.length === 0) return
  const rows = others.flatMap((other) => [
    { memberId, linkedMemberId: other, kind, firstSeenAt: now, lastSeenAt: now },
    { memberId: other, linkedMemberId: memberId, kind, firstSeenAt: now, lastSeenAt: now },
  ])
  await ex
    .insert(accountLinks)
    .values(rows)
    .onConflictDoUpdate({ target: [accountLinks.memberId, accountLinks.linkedMemberId, accountLinks.kind], set: { lastSeenAt: now } })
}

/** After an address is saved: links the member to the other accounts of the household. */
export async function linkByAddress(ex: Executor, memberId: string, householdKey: string, now: Date): Promise<void> {
  const others = await ex
    .select({ id: addresses.memberId })
    .from(addresses)
    .where(and(eq(addresses.householdKey, householdKey), ne(addresses.memberId, memberId)))
  await recordLinks(
    ex,
    memberId,
    others.map((o) => o.id),
    'address',
    now,
  )
}

/** After the member's e-mail address is taken on: keeps its normal form and links the accounts that share it. */
export async function linkByEmail(ex: Executor, memberId: string, email: string | null, now: Date): Promise<void> {
  const key = email ? normaliseEmail(email) : null
  await ex.update(members).set({ emailKey: key }).where(eq(members.id, memberId))
  if (!key) return
  const others = await ex
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.emailKey, key), ne(members.id, memberId), isNull(members.pseudonymizedAt)))
  await recordLinks(
    ex,
    memberId,
    others.map((o) => o.id),
    'email',
    now,
  )
}

/**
 * After the member's phone number is verified: links the other accounts whose number is this one
 * and verified (an unverified number may be a typing mistake, or someone else's).
 */
export async function linkByPhone(ex: Executor, memberId: string, e164: string, now: Date): Promise<void> {
  const others = await ex
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.phone, e164), eq(members.phoneVerified, true), ne(members.id, memberId), isNull(members.pseudonymizedAt)))
  await recordLinks(
    ex,
    memberId,
    others.map((o) => o.id),
    'phone',
    now,
  )
}

/** After the member's payout details are saved: links the accounts paid into the same account (by its normal form). */
export async function linkByPayoutKey(ex: Executor, memberId: string, key: string, now: Date): Promise<void> {
  const others = await ex
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.payoutKey, key), ne(members.id, memberId), isNull(members.pseudonymizedAt)))
  await recordLinks(
    ex,
    memberId,
    others.map((o) => o.id),
    'payout',
    now,
  )
}

/** Keeps the normal form of the member's payout details (none without them) and links the accounts that share it. */
export async function linkByPayout(ex: Executor, memberId: string, payout: Payout | null, now: Date): Promise<void> {
  const key = payoutKey(payout)
  await ex.update(members).set({ payoutKey: key }).where(eq(members.id, memberId))
  if (key) await linkByPayoutKey(ex, memberId, key, now)
}

/** The member's links, newest seen first, with the linked accounts' display names. */
export async function linksOf(ex: Executor, memberId: string): Promise<AccountLink[]> {
  const rows = await ex
    .select({
      memberId: accountLinks.linkedMemberId,
      displayName: members.displayName,
      kind: accountLinks.kind,
      firstSeenAt: accountLinks.firstSeenAt,
      lastSeenAt: accountLinks.lastSeenAt,
      note: accountLinkRulings.note,
      ruledBy: accountLinkRulings.ruledBy,
      ruledAt: accountLinkRulings.ruledAt,
    })
    .from(accountLinks)
    .innerJoin(members, eq(members.id, accountLinks.linkedMemberId))
    .leftJoin(
      accountLinkRulings,
      and(eq(accountLinkRulings.memberId, accountLinks.memberId), eq(accountLinkRulings.linkedMemberId, accountLinks.linkedMemberId)),
    )
    .where(and(eq(accountLinks.memberId, memberId), isNull(members.pseudonymizedAt)))
    .orderBy(desc(accountLinks.lastSeenAt))
    .limit(100)
  return rows.map(({ note, ruledBy, ruledAt, ...r }) => ({
    ...r,
    firstSeenAt: r.firstSeenAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    ruling: note !== null && ruledBy !== null && ruledAt !== null ? { note, byStaffId: ruledBy, at: ruledAt.toISOString() } : null,
  }))
}

/**
 * Gives every member whose e-mail address was taken on before e-mail keys existed its key (and its
 * links), a batch at a time; run at start-up (idempotent: only members without a key are read).
 */
export async function backfillEmailKeys(ex: Executor, now: Date, batchSize = 500): Promise<number> {
  let filled = 0
  for (;;) {
    const rows = await ex
      .select({ id: members.id, email: members.email })
      .from(members)
      .where(and(isNull(members.emailKey), isNotNull(members.email), isNull(members.pseudonymizedAt)))
      .limit(batchSize)
    for (const row of rows) await linkByEmail(ex, row.id, row.email, now)
    filled += rows.length
    if (rows.length < batchSize) return filled
  }
}

/**
 * Gives every member whose payout details were saved before payout keys existed its key (and its
 * links), a batch at a time; run at start-up (idempotent: only members without a key are read).
 */
export async function backfillPayoutKeys(ex: Executor, now: Date, batchSize = 500): Promise<number> {
  let filled = 0
  // In id order from where the last batch ended: a row whose details give no key is read once.
  let after: string | null = null
  for (;;) {
    const rows: { id: string; payout: Payout | null }[] = await ex
      .select({ id: members.id, payout: members.payout })
      .from(members)
      .where(and(isNull(members.payoutKey), isNotNull(members.payout), isNull(members.pseudonymizedAt), after === null ? undefined : gt(members.id, after)))
      .orderBy(asc(members.id))
      .limit(batchSize)
    for (const row of rows) await linkByPayout(ex, row.id, row.payout, now)
    filled += rows.length
    if (rows.length < batchSize) return filled
    after = rows[rows.length - 1]!.id
  }
}
