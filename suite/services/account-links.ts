// Links between accounts that share a normalised e-mail address or postal address (services/
// normalise.ts), for staff: written when an e-mail address is taken on or an address is saved, in
// both directions, each with when it was first and last seen. Members are never shown them.
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { APPLICANT_LINKS_LISTED, type ApplicantLink } from '../../contract/ops-applicants'
import type { AccountLink, AccountLinkKind } from '../../contract/ops-members'
import type { Executor } from '../db/client'
import { accountLinkRulings, accountLinks, addresses, auditLog, members, participations } from '../db/schema'
import { normaliseEmail } from './normalise'

type LinkKind = AccountLink['kind']

/** Records (or sees again) links of this kind between the member and each of the others, both ways. */
async function recordLinks(ex: Executor, memberId: string, others: string[], kind: LinkKind, now: Date): Promise<void> {
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
  // Who ruled is named as the audit log names them (its entries of the member), by uid where it does not.
  const rulers = rows.some((r) => r.ruledBy !== null)
    ? await ex
        .selectDistinct({ uid: auditLog.actorUid, email: auditLog.actorEmail })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'member'), eq(auditLog.targetId, memberId), eq(auditLog.action, 'member.rule-link')))
    : []
  const emails = new Map(rulers.map((r) => [r.uid, r.email]))
  return rows.map(({ note, ruledBy, ruledAt, ...r }) => ({
    ...r,
    firstSeenAt: r.firstSeenAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    ruling:
      note !== null && ruledBy !== null && ruledAt !== null
        ? { note, byStaffId: ruledBy, byStaffEmail: emails.get(ruledBy) ?? null, at: ruledAt.toISOString() }
        : null,
  }))
}

/**
 * A condition true of a member (by their id column) with at least one link that counts: one staff
 * did not rule "not the same person". An EXISTS over the member's links (account_links' primary key
 * starts with the member), each probed for a ruling by the rulings' primary key. A deleted account's
 * links go with it (account-deletion.ts), so no link names one.
 */
export function hasCountingLink(memberId: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from ${accountLinks} as link where link.member_id = ${memberId}
    and not exists (select 1 from ${accountLinkRulings} as ruling where ruling.member_id = link.member_id and ruling.linked_member_id = link.linked_member_id))`
}

/** One account linked to a member by links that count, with all they share. */
export type CountingLink = ApplicantLink

/**
 * The links that count of these members, one entry per linked account with every kind the two share
 * and whether it applied to this campaign too (any flight): one query over the members' links, for
 * a page of applicants or the applicants chosen. Each member's list is in the order staff weigh
 * them: accounts that applied to the campaign first, then those that share more.
 */
export async function countingLinksOf(ex: Executor, memberIds: readonly string[], campaignId: string): Promise<Map<string, CountingLink[]>> {
  const byMember = new Map<string, CountingLink[]>()
  if (memberIds.length === 0) return byMember
  const link = alias(accountLinks, 'link')
  const rows = await ex
    .select({
      memberId: link.memberId,
      linkedMemberId: link.linkedMemberId,
      displayName: sql<string>`coalesce(nullif(${members.displayName}, ''), 'Member')`,
      kinds: sql<AccountLinkKind[]>`array_agg(${link.kind}::text order by ${link.kind})`,
      inThisCampaign: sql<boolean>`exists (select 1 from ${participations} as applied where applied.member_id = ${link.linkedMemberId} and applied.campaign_id = ${campaignId})`,
    })
    .from(link)
    .innerJoin(members, eq(members.id, link.linkedMemberId))
    .where(
      and(
        inArray(link.memberId, [...memberIds]),
        sql`not exists (select 1 from ${accountLinkRulings} as ruling where ruling.member_id = ${link.memberId} and ruling.linked_member_id = ${link.linkedMemberId})`,
      ),
    )
    .groupBy(link.memberId, link.linkedMemberId, members.displayName)
  for (const row of rows) {
    const list = byMember.get(row.memberId) ?? []
    list.push({ memberId: row.linkedMemberId, displayName: row.displayName, kinds: row.kinds, inThisCampaign: row.inThisCampaign })
    byMember.set(row.memberId, list)
  }
  for (const list of byMember.values())
    list.sort(
      (a, b) =>
        Number(b.inThisCampaign) - Number(a.inThisCampaign) ||
        b.kinds.length - a.kinds.length ||
        a.displayName.localeCompare(b.displayName) ||
        a.memberId.localeCompare(b.memberId),
    )
  return byMember
}

/** An applicant's links as the applicants table lists them: how many, and the first APPLICANT_LINKS_LISTED. */
export function listedLinks(links: CountingLink[] | undefined): { linkedAccounts: number; links: ApplicantLink[] } {
  return { linkedAccounts: links?.length ?? 0, links: (links ?? []).slice(0, APPLICANT_LINKS_LISTED) }
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
