// Links between accounts for staff, in both directions, each with when it was first and last seen:
// a normalised e-mail address, postal address or payout account (services/normalise.ts), or a
// verified phone number, written when the member takes it on; a device or network address seen at
// sign-up or application (services/sightings.ts). Members are never shown them.
import { and, asc, desc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core'
import type { Payout } from '../../contract/members'
import { APPLICANT_LINKS_LISTED, type ApplicantLink } from '../../contract/ops-applicants'
import type { AccountLink, AccountLinkKind } from '../../contract/ops-members'
import { preparedQuery, type Executor } from '../db/client'
import { accountLinkRulings, accountLinks, addresses, auditLog, members, participations } from '../db/schema'
import { normaliseEmail, payoutKey } from './normalise'
import { inIdList, uuidArrayText, uuidList } from '../db/id-lists'

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

/**
 * What "sharing" means for the kinds kept on the member's rows (a normal form, or a verified number): the other accounts whose key
 * equals the member's (deleted accounts left out). One statement links a whole batch of members.
 */
const SHARED_KEY = {
  address: (ids: SQL) => sql`select a.member_id as one, b.member_id as other
    from ${addresses} a join ${addresses} b on b.household_key = a.household_key and b.member_id <> a.member_id
    join ${members} m on m.id = b.member_id and m.pseudonymized_at is null
    where a.member_id = any(${ids}) and a.household_key is not null`,
  email: (ids: SQL) => sql`select a.id as one, b.id as other
    from ${members} a join ${members} b on b.email_key = a.email_key and b.id <> a.id and b.pseudonymized_at is null
    where a.id = any(${ids}) and a.email_key is not null`,
  // Verified numbers only: an unverified one may be a typing mistake, or someone else's.
  phone: (ids: SQL) => sql`select a.id as one, b.id as other
    from ${members} a join ${members} b on b.phone = a.phone and b.phone_verified and b.id <> a.id and b.pseudonymized_at is null
    where a.id = any(${ids}) and a.phone is not null and a.phone_verified`,
  payout: (ids: SQL) => sql`select a.id as one, b.id as other
    from ${members} a join ${members} b on b.payout_key = a.payout_key and b.id <> a.id and b.pseudonymized_at is null
    where a.id = any(${ids}) and a.payout_key is not null`,
} satisfies Partial<Record<LinkKind, (ids: SQL) => SQL>>

/**
 * Links each of these members to every account that shares its key of this kind, in both
 * directions: a link seen before is seen again (`lastSeenAt`), a new one is recorded.
 */
export async function linkBySharedKey(ex: Executor, kind: keyof typeof SHARED_KEY, memberIds: string[], now: Date): Promise<void> {
  if (memberIds.length === 0) return
  const ids = uuidList(memberIds)
  await ex.execute(sql`insert into ${accountLinks} (member_id, linked_member_id, kind, first_seen_at, last_seen_at)
    select pair.one, pair.other, ${kind}::account_link_kind, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz from (
      select one, other from (${SHARED_KEY[kind](ids)}) shared
      union select other, one from (${SHARED_KEY[kind](ids)}) shared
    ) pair
    on conflict (member_id, linked_member_id, kind) do update set last_seen_at = excluded.last_seen_at`)
}

/** After an address is saved: links the member to the other accounts of the household. */
export async function linkByAddress(ex: Executor, memberId: string, now: Date): Promise<void> {
  await linkBySharedKey(ex, 'address', [memberId], now)
}

/** After the member's e-mail address is taken on: keeps its normal form and links the accounts that share it. */
export async function linkByEmail(ex: Executor, memberId: string, email: string | null, now: Date): Promise<void> {
  const key = email ? normaliseEmail(email) : null
  await ex.update(members).set({ emailKey: key }).where(eq(members.id, memberId))
  if (key) await linkBySharedKey(ex, 'email', [memberId], now)
}

/**
 * After the member's phone number is verified (written first, in the same transaction): links the
 * other accounts whose number is this one and verified (an unverified number may be a typing
 * mistake, or someone else's).
 */
export async function linkByPhone(ex: Executor, memberId: string, now: Date): Promise<void> {
  await linkBySharedKey(ex, 'phone', [memberId], now)
}

/** Keeps the normal form of the member's payout details (none without them) and links the accounts paid into the same account. */
export async function linkByPayout(ex: Executor, memberId: string, payout: Payout | null, now: Date): Promise<void> {
  const key = payoutKey(payout)
  await ex.update(members).set({ payoutKey: key }).where(eq(members.id, memberId))
  if (key) await linkBySharedKey(ex, 'payout', [memberId], now)
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

/** One account linked to a member by links that count, with all they share. */
export type CountingLink = ApplicantLink

/**
 * The links that count of these members, one entry per linked account with every kind the two share
 * and whether it applied to this campaign too (any flight): one query over the members' links, for
 * a page of applicants or the applicants chosen. Each member's list is in the order staff weigh
 * them: accounts that applied to the campaign first, then those that share more.
 */
const countingLinkRows = preparedQuery((ex) => {
  const link = alias(accountLinks, 'link')
  return ex
    .select({
      memberId: link.memberId,
      linkedMemberId: link.linkedMemberId,
      displayName: sql<string>`coalesce(nullif(${members.displayName}, ''), 'Member')`,
      kinds: sql<AccountLinkKind[]>`array_agg(${link.kind}::text order by ${link.kind})`,
      inThisCampaign: sql<boolean>`exists (select 1 from ${participations} as applied where applied.member_id = ${link.linkedMemberId} and applied.campaign_id = ${sql.placeholder('campaignId')})`,
    })
    .from(link)
    .innerJoin(members, eq(members.id, link.linkedMemberId))
    .where(
      and(
        inIdList(link.memberId, 'ids'),
        sql`not exists (select 1 from ${accountLinkRulings} as ruling where ruling.member_id = ${link.memberId} and ruling.linked_member_id = ${link.linkedMemberId})`,
      ),
    )
    .groupBy(link.memberId, link.linkedMemberId, members.displayName)
})

export async function countingLinksOf(ex: Executor, memberIds: readonly string[], campaignId: string): Promise<Map<string, CountingLink[]>> {
  const byMember = new Map<string, CountingLink[]>()
  if (memberIds.length === 0) return byMember
  // Read for every page of applicants: built once (placeholders: ids, campaignId).
  const rows = await countingLinkRows(ex, { ids: uuidArrayText(memberIds), campaignId })
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
 * Gives every row that has no key of this kind yet its key (and its links), a batch at a time, in
 * id order from where the last batch ended, so a row whose details give no key is read once: one
 * statement reads a batch, one writes its keys and one links them. Idempotent: only rows without a
 * key are read, and a save writes the key itself. Returns how many rows were read.
 */
export async function backfillKeys<Row extends { id: string }>(
  ex: Executor,
  now: Date,
  kind: keyof typeof SHARED_KEY,
  batchSize: number,
  {
    batchAfter,
    keyOf,
    table,
    idColumn,
    keyColumn,
  }: {
    /** Up to `batchSize` rows without a key, in id order, after `after` (from the start when null). */
    batchAfter: (after: string | null) => Promise<Row[]>
    keyOf: (row: Row) => string | null
    table: PgTable
    idColumn: PgColumn
    keyColumn: PgColumn
  },
): Promise<number> {
  let filled = 0
  let after: string | null = null
  for (;;) {
    const rows = await batchAfter(after)
    const keys = rows.flatMap((row) => {
      const key = keyOf(row)
      return key ? [{ id: row.id, key }] : []
    })
    await writeKeys(ex, table, idColumn, keyColumn, keys)
    await linkBySharedKey(
      ex,
      kind,
      keys.map((k) => k.id),
      now,
    )
    filled += rows.length
    if (rows.length < batchSize) return filled
    after = rows[rows.length - 1]!.id
  }
}

/** Members whose e-mail address was taken on before e-mail keys existed: their keys and links (backfillKeys). */
export function backfillEmailKeys(ex: Executor, now: Date, batchSize = 1000): Promise<number> {
  return backfillKeys(ex, now, 'email', batchSize, {
    batchAfter: (after) =>
      ex
        .select({ id: members.id, email: members.email })
        .from(members)
        .where(and(isNull(members.emailKey), isNotNull(members.email), isNull(members.pseudonymizedAt), after === null ? undefined : gt(members.id, after)))
        .orderBy(asc(members.id))
        .limit(batchSize),
    keyOf: (row) => normaliseEmail(row.email!),
    table: members,
    idColumn: members.id,
    keyColumn: members.emailKey,
  })
}

/** Members whose payout details were saved before payout keys existed: their keys and links (backfillKeys). */
export function backfillPayoutKeys(ex: Executor, now: Date, batchSize = 1000): Promise<number> {
  return backfillKeys(ex, now, 'payout', batchSize, {
    batchAfter: (after): Promise<{ id: string; payout: Payout | null }[]> =>
      ex
        .select({ id: members.id, payout: members.payout })
        .from(members)
        .where(and(isNull(members.payoutKey), isNotNull(members.payout), isNull(members.pseudonymizedAt), after === null ? undefined : gt(members.id, after)))
        .orderBy(asc(members.id))
        .limit(batchSize),
    keyOf: (row) => payoutKey(row.payout),
    table: members,
    idColumn: members.id,
    keyColumn: members.payoutKey,
  })
}

/** Writes each row's key in one statement (an update from a list of values). */
export async function writeKeys(
  ex: Executor,
  table: PgTable,
  idColumn: PgColumn,
  keyColumn: PgColumn,
  keys: Array<{ id: string; key: string }>,
): Promise<void> {
  if (keys.length === 0) return
  const values = sql.join(
    keys.map(({ id, key }) => sql`(${id}::uuid, ${key}::text)`),
    sql`, `,
  )
  await ex.execute(
    sql`update ${table} set ${sql.identifier(keyColumn.name)} = v.key from (values ${values}) as v(id, key) where ${table}.${sql.identifier(idColumn.name)} = v.id`,
  )
}
