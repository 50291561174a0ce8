// Account deletion: the member's data pseudonymised, and their Firebase user deleted.
import { and, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { DELETION_REMOVED, type DeletionKept, type DeletionReceipt, type DeletionRemoved } from '../../contract/members'
import type { Tx } from '../db/client'
import {
  accountLinkRulings,
  accountLinks,
  addresses,
  auditLog,
  frontEndLogs,
  ledgerEntries,
  members,
  memberSightings,
  otpCodes,
  outbox,
  participations,
  rateLimits,
  redemptions,
  reviewPhotos,
  reviews,
  shipments,
  suspensions,
  socialPosts,
  socialProfiles,
  staffRoles,
  brandUsers,
  brandInvitations,
} from '../db/schema'
import type { SuiteDeps } from '../deps'
import { randomCode } from './discount-codes'
import type { MemberRow } from './members'
import { sendToAddress } from './notify'
import { releaseOpenParticipations } from './participations'
import { otpMemberLimitKey, otpTargetLimitKey, type Channel } from './otp'
import { removePhotoFiles } from './review-photos'
import { FORMER_MEMBER } from './reviews'
import { accountDeletionActor } from '../actors/actor'
import { removeSecondFactorData } from './second-factor'
import { recordAudit } from '../actors/audit'

/** A goodwill entry's reason once the member's account is deleted. */
const GOODWILL_REASON_AFTER_DELETION = 'Goodwill points'

/** `LIKE` pattern matching text that contains `value` literally. */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/**
 * Account deletion: open participations are withdrawn (freeing places for the waitlist), and
 * everything that can name the member goes: personal data is replaced, address, payout, social
 * profiles and posts, codes removed, screener answers and return comments cleared, reviews that
 * were not published deleted, and every review photo with its files. Published reviews stay under
 * "Former member" (without photos); ledger entries, redemptions and shipments stay as the records
 * accounting law requires, naming nobody.
 *
 * What carries the member's addresses elsewhere goes too: outbox messages to (or mentioning) their
 * e-mail addresses and numbers, front-end log entries mentioning them, the send-limit counters keyed
 * on them or on the member, and the member's uid on front-end log entries. An address another member
 * holds now is left alone.
 *
 * In the same transaction the receipt is queued to the address held before the deletion, flagged so
 * the relay erases the row once delivered. After the commit the Firebase user is deleted (every
 * session revoked first), which frees the e-mail address to register again.
 */
export async function pseudonymize(deps: SuiteDeps, member: MemberRow): Promise<DeletionReceipt> {
  const now = deps.clock.now()
  const released = await deps.db.transaction((tx) => releaseOpenParticipations(tx, deps, member.id, now))
  const { receipt, photoIds } = await deps.db.transaction(async (tx) => {
    // Every address the member used: the current ones and every one a code was sent to.
    const [current] = await tx.select().from(members).where(eq(members.id, member.id))
    if (!current) throw new Error('Member disappeared')
    const used = new Map<string, Channel>()
    for (const row of await tx.select({ channel: otpCodes.channel, target: otpCodes.target }).from(otpCodes).where(eq(otpCodes.memberId, member.id))) {
      used.set(row.target, row.channel)
    }
    for (const email of [member.email, current.email]) if (email) used.set(email, 'email')
    for (const phone of [member.phone, current.phone]) if (phone) used.set(phone, 'sms')
    if (used.size > 0) {
      const held = await tx
        .select({ email: members.email, phone: members.phone })
        .from(members)
        .where(
          and(
            ne(members.id, member.id),
            isNull(members.pseudonymizedAt),
            or(inArray(members.email, [...used.keys()]), inArray(members.phone, [...used.keys()])),
          ),
        )
      for (const other of held) {
        if (other.email) used.delete(other.email)
        if (other.phone) used.delete(other.phone)
      }
    }
    const targets = [...used.keys()]
    const removed = new Set<DeletionRemoved>(['profile', 'contact', 'sign-in-account', 'sessions'])
    if (current.birthDate || current.gender) removed.add('birth-date-gender')
    if (current.languages.length || current.preferences.interests.length || current.preferences.pets.length || current.preferences.children) {
      removed.add('languages-preferences')
    }
    if (current.payout) removed.add('payout')

    let messages = 0
    if (targets.length > 0) {
      messages += (
        await tx
          .delete(outbox)
          .where(or(inArray(outbox.recipient, targets), ...targets.map((t) => sql`${outbox.body} like ${containing(t)}`)))
          .returning({ id: outbox.id })
      ).length
      // Log entries the portal sent may quote an address (a failed request's URL or message).
      messages += (
        await tx
          .delete(frontEndLogs)
          .where(
            or(
              ...targets.flatMap((t) => [
                sql`${frontEndLogs.log} like ${containing(t)}`,
                sql`${frontEndLogs.module} like ${containing(t)}`,
                sql`${frontEndLogs.tags}::text like ${containing(t)}`,
              ]),
            ),
          )
          .returning({ id: frontEndLogs.id })
      ).length
    }
    await tx
      .delete(rateLimits)
      .where(inArray(rateLimits.key, [otpMemberLimitKey(member.id), ...[...used].map(([target, channel]) => otpTargetLimitKey(channel, target))]))
    await tx
      .update(frontEndLogs)
      .set({ userId: null })
      .where(inArray(frontEndLogs.userId, [member.uid, member.id]))

    // Free text the member wrote: screener answers and return comments.
    const answered = await tx
      .update(participations)
      .set({ answers: [] })
      .where(and(eq(participations.memberId, member.id), sql`jsonb_array_length(${participations.answers}) > 0`))
      .returning({ id: participations.id })
    if (answered.length) removed.add('screener-answers')
    const commented = await tx
      .update(shipments)
      .set({ returnComment: null })
      .where(and(eq(shipments.memberId, member.id), isNotNull(shipments.returnComment)))
      .returning({ id: shipments.id })
    if (commented.length) removed.add('return-comments')
    // So do the devices and network addresses seen at their sign-up and applications (kept hashed).
    await tx.delete(memberSightings).where(eq(memberSightings.memberId, member.id))
    // The member record is pseudonymised first: the audit log's trigger lets its entries change only
    // for a pseudonymised member (below), and the entries about reviews deleted further down first.
    const reference = `DEL-${randomCode(10)}`
    await tx
      .update(members)
      .set({
        email: null,
        emailKey: null,
        emailVerified: false,
        phone: null,
        phoneVerified: false,
        firstName: 'Former',
        lastName: 'member',
        displayName: 'Former member',
        birthDate: null,
        gender: null,
        languages: [],
        preferences: { interests: [], children: 0, pets: [] },
        payout: null,
        payoutKey: null,
        pseudonymizedAt: now,
        deletionReference: reference,
        updatedAt: now,
      })
      .where(eq(members.id, member.id))
    // The audit log keeps every entry. Where this person acted as staff, it keeps them as the
    // pseudonym, without their address or browser; in the entries about them, free text staff wrote
    // (notes, goodwill reasons) is blanked. A review's decider is named as the pseudonym too.
    await tx.update(auditLog).set({ actorEmail: null, actorName: FORMER_MEMBER, ip: null, userAgent: null }).where(eq(auditLog.actorUid, member.uid))
    const [ownParticipations, ownShipments, ownReviews] = await Promise.all([
      tx.select({ id: participations.id }).from(participations).where(eq(participations.memberId, member.id)),
      tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.memberId, member.id)),
      tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.memberId, member.id)),
    ])
    const about = (type: string, ids: { id: string }[]) =>
      ids.length
        ? and(
            eq(auditLog.targetType, type),
            inArray(
              auditLog.targetId,
              ids.map((row) => row.id),
            ),
          )
        : undefined
    await tx
      .update(auditLog)
      .set({ changes: sql`audit_redacted(${auditLog.action}, ${auditLog.changes})` })
      .where(
        or(
          and(eq(auditLog.targetType, 'member'), eq(auditLog.targetId, member.id)),
          about('participation', ownParticipations),
          about('shipment', ownShipments),
          about('review', ownReviews),
        ),
      )
    await tx.update(reviews).set({ decidedByName: FORMER_MEMBER }).where(eq(reviews.decidedByUid, member.uid))
    // Goodwill points stay in the ledger (accounting), their reason (staff's words about the member) does not.
    await tx
      .update(ledgerEntries)
      .set({ reason: GOODWILL_REASON_AFTER_DELETION })
      .where(and(eq(ledgerEntries.memberId, member.id), sql`${ledgerEntries.idempotencyKey} like 'grant:%'`))
    // Suspensions stay (support's record of what was decided, by ids), their note (staff's words to the member) does not.
    await tx.update(suspensions).set({ note: null }).where(eq(suspensions.memberId, member.id))
    // A member who also followed a brand: that goes with the account, audited; invitations to their address go too.
    const followed = await tx.delete(brandUsers).where(eq(brandUsers.uid, member.uid)).returning({ brandId: brandUsers.brandId })
    if (followed.length > 0) {
      await recordAudit(
        tx,
        accountDeletionActor(),
        followed.map(({ brandId }) => ({
          action: 'brand.remove-user' as const,
          targetType: 'brand' as const,
          targetId: brandId,
          changes: { before: { uid: member.uid }, after: null },
        })),
        now,
      )
    }
    await tx.delete(brandInvitations).where(
      or(
        eq(brandInvitations.acceptedUid, member.uid),
        // To any address the member used, as the messages to them are.
        ...[...used].filter(([, channel]) => channel === 'email').map(([email]) => sql`lower(${brandInvitations.email}) = lower(${email})`),
      ),
    )
    // A member who was also staff: their roles go with the account, each revocation audited.
    const revoked = await tx.delete(staffRoles).where(eq(staffRoles.uid, member.uid)).returning({ role: staffRoles.role })
    if (revoked.length > 0) {
      await recordAudit(
        tx,
        accountDeletionActor(),
        revoked.map(({ role }) => ({
          action: 'role.revoke' as const,
          targetType: 'staff' as const,
          targetId: member.uid,
          changes: { before: { role }, after: null },
        })),
        now,
      )
    }
    // Their second factors, recovery codes, passes and wrong-code counts name them by uid: all go.
    await removeSecondFactorData(tx, member.uid)
    // Photos can show the member, their home or their family: every one goes, a published review's
    // too (the review stays without them). Their files follow once this transaction has committed.
    const photos = await tx.delete(reviewPhotos).where(eq(reviewPhotos.memberId, member.id)).returning({ id: reviewPhotos.id })
    if (photos.length) {
      await tx.update(reviews).set({ photos: [] }).where(eq(reviews.memberId, member.id))
      removed.add('review-photos')
    }
    // A review not published was never shown under the member's name; nothing needs it kept.
    const unpublished = await tx
      .delete(reviews)
      .where(and(eq(reviews.memberId, member.id), ne(reviews.status, 'published')))
      .returning({ id: reviews.id })
    if (unpublished.length) removed.add('unpublished-reviews')

    if ((await tx.delete(addresses).where(eq(addresses.memberId, member.id)).returning({ id: addresses.memberId })).length) removed.add('address')
    // Links to other accounts say something about this person: they go with the rest. After every
    // change that moves a campaign's results (the address, the birth date, the reviews): deleting a
    // link locks the linked members' states (migration 0025), which comes after the results' rows in
    // every change, so that a linked member's sign-up at the same moment cannot wait in a circle.
    await tx.delete(accountLinks).where(or(eq(accountLinks.memberId, member.id), eq(accountLinks.linkedMemberId, member.id)))
    await tx.delete(accountLinkRulings).where(or(eq(accountLinkRulings.memberId, member.id), eq(accountLinkRulings.linkedMemberId, member.id)))
    if ((await tx.delete(socialProfiles).where(eq(socialProfiles.memberId, member.id)).returning({ id: socialProfiles.id })).length) {
      removed.add('social-profiles')
    }
    messages += (await tx.delete(otpCodes).where(eq(otpCodes.memberId, member.id)).returning({ id: otpCodes.id })).length
    if (messages) removed.add('codes-and-messages')
    const posts = await tx.select({ id: socialPosts.id }).from(socialPosts).where(eq(socialPosts.memberId, member.id))
    if (posts.length) {
      await tx.delete(socialPosts).where(
        inArray(
          socialPosts.id,
          posts.map((p) => p.id),
        ),
      )
      removed.add('social-posts')
    }

    const kept: DeletionKept[] = []
    if (await exists(tx, reviews, eq(reviews.memberId, member.id))) kept.push('published-reviews')
    if (
      (await exists(tx, ledgerEntries, eq(ledgerEntries.memberId, member.id))) ||
      (await exists(tx, redemptions, eq(redemptions.memberId, member.id))) ||
      (await exists(tx, shipments, eq(shipments.memberId, member.id)))
    ) {
      kept.push('accounting-records')
    }
    if (await exists(tx, participations, eq(participations.memberId, member.id))) kept.push('participation-history')

    const sentTo = current.email ?? member.email
    const receipt: DeletionReceipt = {
      reference,
      deletedAt: now.toISOString(),
      removed: DELETION_REMOVED.filter((code) => removed.has(code)),
      kept,
      withdrawnParticipations: released.length,
      sentTo: sentTo ? maskEmail(sentTo) : null,
    }
    // Queued after the purge above, so it is the one message left to the old address; the relay
    // erases the whole row once it is delivered.
    if (sentTo) {
      // No member id: the row must not point back at the deleted member.
      await sendToAddress(tx, deps, { channel: 'email', address: sentTo }, { template: 'deletion-receipt', params: { receipt } }, { eraseAfterDelivery: true })
    }
    return { receipt, photoIds: photos.map((p) => p.id) }
  })
  await removePhotoFiles(deps, photoIds)
  await deleteIdentity(deps, member.id, member.uid)
  return receipt
}

async function exists(tx: Tx, table: PgTable, where: SQL): Promise<boolean> {
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(table)
    .where(where)
    .limit(1)
  return rows.length > 0
}

const IDENTITY_DELETE_TRIES = 3

/**
 * Deletes the Firebase user of a pseudonymised member (a few tries) and records it. When it cannot
 * be deleted, the user is disabled instead, so the account cannot be used, and `identity_deleted_at`
 * stays empty: the `delete-identities` operator command finishes it later. Resolves to whether the
 * user is gone. The receipt lists the sign-in account as removed either way: it can no longer be
 * used from this moment, and the sweep deletes it.
 */
export async function deleteIdentity(deps: SuiteDeps, memberId: string, uid: string): Promise<boolean> {
  let failure: unknown
  for (let attempt = 1; attempt <= IDENTITY_DELETE_TRIES; attempt++) {
    try {
      await deps.identity.deleteUser(uid)
      await deps.db.update(members).set({ identityDeletedAt: deps.clock.now() }).where(eq(members.id, memberId))
      return true
    } catch (error) {
      failure = error
      if (attempt < IDENTITY_DELETE_TRIES) await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
    }
  }
  deps.logger.error({ err: failure, memberId }, 'pseudonymised member, but deleting the Firebase user failed; disabling it (run delete-identities later)')
  try {
    await deps.identity.disable(uid)
  } catch (error) {
    // The member record already refuses this uid; the operator command deletes the user later.
    deps.logger.error({ err: error, memberId }, 'disabling the Firebase user of a pseudonymised member failed too')
  }
  return false
}

/** The operator's sweep: deletes the Firebase users that account deletions could only disable. */
export async function deletePendingIdentities(deps: SuiteDeps): Promise<{ deleted: number; failed: string[] }> {
  const pending = await deps.db
    .select({ id: members.id, uid: members.uid })
    .from(members)
    .where(and(isNotNull(members.pseudonymizedAt), isNull(members.identityDeletedAt)))
  const failed: string[] = []
  for (const row of pending) if (!(await deleteIdentity(deps, row.id, row.uid))) failed.push(row.id)
  return { deleted: pending.length - failed.length, failed }
}

/** `ada@example.com` → `a•••@example.com`: enough for the member to recognise, nothing more. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '•••'
  return `${email.slice(0, 1)}•••${email.slice(at)}`
}
