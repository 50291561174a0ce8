// The member's data export: everything held about them, as JSON (and the profile PDF's content).
import { desc, eq } from 'drizzle-orm'
import type { ProfileExport } from '../../contract/export'
import type { Executor } from '../db/client'
import { reviews, socialPosts, suspensions } from '../db/schema'
import { getAddress } from './address'
import { listSocialPosts } from './content'
import { ledgerOf } from './ledger'
import { memberProfile, type MemberRow } from './members'
import { loadParticipations } from './participations'
import { myReferrals } from './referrals'
import { toMemberReview } from './reviews'
import { listRedemptions } from './rewards'
import { listSocialProfiles } from './social'
import { sightingsOf } from './sightings'
import { toNotice } from './suspensions'

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
    suspensions: (await ex.select().from(suspensions).where(eq(suspensions.memberId, member.id)).orderBy(desc(suspensions.suspendedAt))).map((row) => ({
      ...toNotice(row),
      liftedAt: row.liftedAt?.toISOString() ?? null,
    })),
    sightings: await sightingsOf(ex, member.id),
  }
}
