// Referrals: who joined with the member's code, by status only.
import { createHash } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { MyReferrals } from '../../contract/members'
import type { Executor } from '../db/client'
import { members } from '../db/schema'
import type { MemberRow } from './members'
import { REFERRAL_POINTS } from './missions'

export async function myReferrals(ex: Executor, member: MemberRow): Promise<MyReferrals> {
  const rows = await ex
    .select({ id: members.id, createdAt: members.createdAt, acceptedAt: members.referralAcceptedAt })
    .from(members)
    .where(eq(members.referredById, member.id))
    .orderBy(asc(members.createdAt))
  return {
    referralCode: member.referralCode,
    pointsPerReferral: REFERRAL_POINTS,
    referrals: rows.map((r) => ({
      // An opaque id: the referred member's own id is not the referrer's to know.
      id: createHash('sha256').update(`${member.id}:${r.id}`).digest('hex').slice(0, 16),
      status: r.acceptedAt ? 'accepted' : 'pending',
      joinedAt: r.createdAt.toISOString(),
      acceptedAt: r.acceptedAt?.toISOString() ?? null,
      pointsAwarded: r.acceptedAt ? REFERRAL_POINTS : 0,
    })),
  }
}
