// "Not the same person": support's ruling that two linked accounts are two people. It is kept in
// both directions, so either account's links find it by their own primary key, and from then on no
// link between the two counts (applicants table, its filter, the selection's confirmation), though
// the member page still lists them with the ruling. Made and withdrawn with an audit entry per account.
import { and, eq, inArray, or } from 'drizzle-orm'
import type { LinkRuling } from '../../contract/ops-members'
import { refuseSelfService, type StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'
import { accountLinkRulings, accountLinks, members } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { conflict, notFound } from '../http/errors'

/** Both accounts, checked: they exist, are not deleted, and neither is the staff person's own. */
async function pairOf(deps: SuiteDeps, actor: StaffActor, memberId: string, linkedId: string) {
  if (memberId === linkedId) throw conflict('An account is not linked to itself')
  const pair = await deps.db
    .select({ id: members.id, uid: members.uid, pseudonymizedAt: members.pseudonymizedAt })
    .from(members)
    .where(inArray(members.id, [memberId, linkedId]))
  if (pair.length !== 2) throw notFound('Member')
  for (const member of pair) {
    refuseSelfService(actor, member.uid)
    if (member.pseudonymizedAt) throw conflict('One of the two accounts was deleted')
  }
}

const bothWays = (memberId: string, linkedId: string) =>
  or(
    and(eq(accountLinkRulings.memberId, memberId), eq(accountLinkRulings.linkedMemberId, linkedId)),
    and(eq(accountLinkRulings.memberId, linkedId), eq(accountLinkRulings.linkedMemberId, memberId)),
  )

/** Marks two linked accounts as two people, with staff's note; refused when they are not linked or are marked already. */
export async function ruleNotSamePerson(deps: SuiteDeps, actor: StaffActor, memberId: string, linkedId: string, note: string): Promise<{ ruling: LinkRuling }> {
  await pairOf(deps, actor, memberId, linkedId)
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const kinds = await tx
      .select({ kind: accountLinks.kind })
      .from(accountLinks)
      .where(and(eq(accountLinks.memberId, memberId), eq(accountLinks.linkedMemberId, linkedId)))
    if (kinds.length === 0) throw conflict('These two accounts are not linked')
    // The pair's primary key takes one ruling each way: a second (or a concurrent one) writes nothing.
    const written = await tx
      .insert(accountLinkRulings)
      .values([
        { memberId, linkedMemberId: linkedId, note, ruledBy: actor.uid, ruledAt: now },
        { memberId: linkedId, linkedMemberId: memberId, note, ruledBy: actor.uid, ruledAt: now },
      ])
      .onConflictDoNothing()
      .returning({ memberId: accountLinkRulings.memberId })
    if (written.length !== 2) throw conflict('These two accounts are marked as two people already')
    const shared = kinds.map((k) => k.kind).join(', ')
    await recordAudit(
      tx,
      actor,
      [
        [memberId, linkedId],
        [linkedId, memberId],
      ].map(([target, other]) => ({
        action: 'member.rule-link' as const,
        targetType: 'member' as const,
        targetId: target!,
        changes: { before: null, after: { notSamePersonAs: other!, note, shared } },
      })),
      now,
    )
    return { ruling: { note, byStaffId: actor.uid, byStaffEmail: actor.email, at: now.toISOString() } }
  })
}

/** Withdraws the ruling: the two accounts' links count again. Refused when there is none. */
export async function withdrawLinkRuling(deps: SuiteDeps, actor: StaffActor, memberId: string, linkedId: string): Promise<{ ruling: null }> {
  await pairOf(deps, actor, memberId, linkedId)
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const removed = await tx.delete(accountLinkRulings).where(bothWays(memberId, linkedId)).returning()
    const ruling = removed[0]
    if (!ruling) throw conflict('These two accounts are not marked as two people')
    await recordAudit(
      tx,
      actor,
      [
        [memberId, linkedId],
        [linkedId, memberId],
      ].map(([target, other]) => ({
        action: 'member.withdraw-link-ruling' as const,
        targetType: 'member' as const,
        targetId: target!,
        changes: {
          before: { notSamePersonAs: other!, note: ruling.note, ruledBy: ruling.ruledBy, ruledAt: ruling.ruledAt.toISOString() },
          after: null,
        },
      })),
      now,
    )
    return { ruling: null }
  })
}
