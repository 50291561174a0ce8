// The member's data: export (JSON and PDF) and pseudonymisation (account deletion).
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import PDFDocument from 'pdfkit'
import type { ProfileExport } from '../../contract/export'
import type { NotificationSettings } from '../../contract/members'
import { WITHDRAWABLE_STATUSES } from '../../contract/participations'
import type { Executor } from '../db/client'
import {
  addresses,
  frontEndLogs,
  members,
  otpCodes,
  outbox,
  participations,
  rateLimits,
  reviews,
  socialPosts,
  socialProfiles,
} from '../db/schema'
import type { SuiteDeps } from '../deps'
import { getAddress } from './address'
import { listSocialPosts } from './content'
import { memberProfile, type MemberRow } from './members'
import { ledgerOf } from './missions'
import { loadParticipations, withdraw } from './participations'
import { otpMemberLimitKey, otpTargetLimitKey, type Channel } from './otp'
import { myReferrals } from './referrals'
import { listRedemptions } from './rewards'
import { listSocialProfiles } from './social'
import { toMemberReview } from './reviews'

export async function exportProfile(ex: Executor, member: MemberRow, now: Date): Promise<ProfileExport> {
  const participationList = await loadParticipations(ex, member.id)
  const reviewRows = await ex.select().from(reviews).where(eq(reviews.memberId, member.id))
  const postIds = await ex.select({ participationId: socialPosts.participationId }).from(socialPosts).where(eq(socialPosts.memberId, member.id))
  const posts = []
  for (const participationId of new Set(postIds.map((p) => p.participationId))) posts.push(...(await listSocialPosts(ex, member, participationId)))
  return {
    exportedAt: now.toISOString(),
    member: await memberProfile(ex, member),
    address: await getAddress(ex, member.id),
    notifications: member.notificationSettings,
    socialProfiles: await listSocialProfiles(ex, member.id),
    participations: participationList,
    reviews: reviewRows.map(toMemberReview),
    socialPosts: posts,
    ledger: await ledgerOf(ex, member.id),
    redemptions: await listRedemptions(ex, member.id),
    referrals: (await myReferrals(ex, member)).referrals,
  }
}

/** Renders the export as a PDF document (the layout of /en/member/download-data/profile-pdf). */
export function profilePdf(data: ProfileExport): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Your Testers Circle data', Author: 'Testers Circle' } })
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)

    const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1d3557').text(text).moveDown(0.2)
    const line = (label: string, value: string | number | null | undefined) =>
      doc.font('Helvetica-Bold').fontSize(10).fillColor('#222').text(`${label}: `, { continued: true }).font('Helvetica').text(value === null || value === undefined || value === '' ? '—' : String(value))
    const m = data.member

    doc.font('Helvetica-Bold').fontSize(20).fillColor('#1d3557').text('Your Testers Circle data')
    doc.font('Helvetica').fontSize(9).fillColor('#666').text(`Exported ${data.exportedAt}`)

    heading('Profile')
    line('Name', `${m.firstName} ${m.lastName}`.trim())
    line('Display name', m.displayName)
    line('E-mail', `${m.email ?? '—'}${m.emailVerified ? ' (verified)' : ''}`)
    line('Phone', `${m.phone ?? '—'}${m.phoneVerified ? ' (verified)' : ''}`)
    line('Birth date', m.birthDate)
    line('Gender', m.gender)
    line('Languages', m.languages.join(', '))
    line('Interests', m.preferences.interests.join(', '))
    line('Children', m.preferences.children)
    line('Pets', m.preferences.pets.join(', '))
    line('Payout', m.payout ? (m.payout.method === 'paypal' ? `PayPal ${m.payout.email}` : `IBAN ${m.payout.iban} (${m.payout.accountHolder})`) : null)
    line('Referral code', m.referralCode)
    line('Member since', m.createdAt.slice(0, 10))
    line('Points balance', m.pointsBalance)

    heading('Shipping address')
    const a = data.address
    if (a) doc.font('Helvetica').fontSize(10).text([a.name, a.line1, a.line2, `${a.postalCode} ${a.city}`, a.region, a.country].filter(Boolean).join('\n'))
    else doc.font('Helvetica').fontSize(10).text('No address saved.')

    heading('Notification settings')
    for (const channel of ['email', 'sms'] as const) {
      const s: NotificationSettings['email'] = data.notifications[channel]
      const on = Object.entries(s).filter(([, v]) => v).map(([k]) => k)
      line(channel === 'email' ? 'E-mail' : 'SMS', on.length ? on.join(', ') : 'off')
    }

    heading('Social profiles')
    if (data.socialProfiles.length === 0) doc.font('Helvetica').fontSize(10).text('None.')
    for (const p of data.socialProfiles) line(p.platform, `${p.handle} (${p.followers} followers)`)

    heading('Product tests')
    if (data.participations.length === 0) doc.font('Helvetica').fontSize(10).text('None yet.')
    for (const p of data.participations) {
      line(p.campaign.productName, `${p.status}, applied ${p.appliedAt.slice(0, 10)}${p.shipment?.trackingNumber ? `, tracking ${p.shipment.carrier} ${p.shipment.trackingNumber}` : ''}`)
    }

    heading('Reviews')
    if (data.reviews.length === 0) doc.font('Helvetica').fontSize(10).text('None yet.')
    for (const r of data.reviews) {
      doc.font('Helvetica-Bold').fontSize(10).text(`${r.rating}/5 ${r.title} (${r.status})`)
      doc.font('Helvetica').fontSize(9).fillColor('#333').text(r.body).fillColor('#222').moveDown(0.3)
    }

    heading('Points')
    for (const e of data.ledger) line(e.createdAt.slice(0, 10), `${e.kind === 'credit' ? '+' : '−'}${e.points} ${e.reason}`)
    if (data.redemptions.length) {
      heading('Rewards redeemed')
      for (const r of data.redemptions) line(r.createdAt.slice(0, 10), `${r.rewardId}: code ${r.code}`)
    }
    heading('Referrals')
    line('Friends referred', data.referrals.length)
    line('Accepted', data.referrals.filter((r) => r.status === 'accepted').length)
    doc.end()
  })
}

/** `LIKE` pattern matching text that contains `value` literally. */
function containing(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
}

/**
 * Account deletion: open participations are withdrawn (freeing places for the waitlist),
 * personal data is replaced, address, payout, social data and codes removed, reviews kept under
 * "Former member"; then every session is revoked and the Firebase user disabled.
 *
 * What carries the member's addresses elsewhere goes too: outbox messages to (or mentioning) their
 * e-mail addresses and numbers, the send-limit counters keyed on them or on the member, and the
 * member's uid on front-end log entries. An address another member holds now is left alone.
 */
export async function pseudonymize(deps: SuiteDeps, member: MemberRow): Promise<Date> {
  const open = await deps.db
    .select({ id: participations.id, campaignId: participations.campaignId })
    .from(participations)
    .where(and(eq(participations.memberId, member.id), inArray(participations.status, [...WITHDRAWABLE_STATUSES])))
  for (const p of open) await withdraw(deps, member, p.campaignId, p.id)
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    // Every address the member used: the current ones and every one a code was sent to.
    const [current] = await tx.select({ email: members.email, phone: members.phone }).from(members).where(eq(members.id, member.id))
    const used = new Map<string, Channel>()
    for (const row of await tx.select({ channel: otpCodes.channel, target: otpCodes.target }).from(otpCodes).where(eq(otpCodes.memberId, member.id))) {
      used.set(row.target, row.channel as Channel)
    }
    for (const email of [member.email, current?.email]) if (email) used.set(email, 'email')
    for (const phone of [member.phone, current?.phone]) if (phone) used.set(phone, 'sms')
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
    if (targets.length > 0) {
      await tx
        .delete(outbox)
        .where(or(inArray(outbox.recipient, targets), ...targets.map((t) => sql`${outbox.body} like ${containing(t)}`)))
    }
    await tx
      .delete(rateLimits)
      .where(inArray(rateLimits.key, [otpMemberLimitKey(member.id), ...[...used].map(([target, channel]) => otpTargetLimitKey(channel, target))]))
    await tx.update(frontEndLogs).set({ userId: null }).where(inArray(frontEndLogs.userId, [member.uid, member.id]))

    await tx
      .update(members)
      .set({
        email: null,
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
        pseudonymizedAt: now,
        updatedAt: now,
      })
      .where(eq(members.id, member.id))
    await tx.delete(addresses).where(eq(addresses.memberId, member.id))
    await tx.delete(socialProfiles).where(eq(socialProfiles.memberId, member.id))
    await tx.delete(otpCodes).where(eq(otpCodes.memberId, member.id))
    const posts = await tx.select({ id: socialPosts.id }).from(socialPosts).where(eq(socialPosts.memberId, member.id))
    if (posts.length) await tx.delete(socialPosts).where(inArray(socialPosts.id, posts.map((p) => p.id)))
  })
  try {
    await deps.identity.disable(member.uid)
  } catch (error) {
    // The member record already refuses this uid; an operator must disable the account by hand.
    deps.logger.error({ err: error, memberId: member.id }, 'pseudonymised member, but disabling the Firebase user failed')
  }
  return now
}
