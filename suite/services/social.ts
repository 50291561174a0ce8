// The member's social profiles (one per platform).
import { and, asc, eq } from 'drizzle-orm'
import type { SocialPlatform } from '../../contract/common'
import type { SocialProfile } from '../../contract/members'
import type { Executor } from '../db/client'
import { socialProfiles } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { syncMissions } from './missions'

export async function listSocialProfiles(ex: Executor, memberId: string): Promise<SocialProfile[]> {
  const rows = await ex.select().from(socialProfiles).where(eq(socialProfiles.memberId, memberId)).orderBy(asc(socialProfiles.platform))
  return rows.map((r) => ({
    platform: r.platform,
    handle: r.handle,
    url: r.url,
    followers: r.followers,
    updatedAt: r.updatedAt.toISOString(),
  }))
}

export async function saveSocialProfile(
  ex: Executor,
  memberId: string,
  input: { platform: SocialPlatform; handle: string; url?: string | undefined; followers: number },
  now: Date,
) {
  const values = { handle: input.handle.replace(/^@/, ''), url: input.url ?? null, followers: input.followers, updatedAt: now }
  await ex
    .insert(socialProfiles)
    .values({ memberId, platform: input.platform, ...values })
    .onConflictDoUpdate({ target: [socialProfiles.memberId, socialProfiles.platform], set: values })
}

/** A member saves a social profile (the account page), in one transaction with what it earns: the connect-social mission. */
export async function saveMemberSocialProfile(
  deps: SuiteDeps,
  memberId: string,
  input: { platform: SocialPlatform; handle: string; url?: string | undefined; followers: number },
): Promise<SocialProfile[]> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await saveSocialProfile(tx, memberId, input, now)
    await syncMissions(tx, memberId, now)
  })
  return listSocialProfiles(deps.db, memberId)
}

export async function deleteSocialProfile(ex: Executor, memberId: string, platform: SocialPlatform): Promise<boolean> {
  const deleted = await ex
    .delete(socialProfiles)
    .where(and(eq(socialProfiles.memberId, memberId), eq(socialProfiles.platform, platform)))
    .returning({ id: socialProfiles.id })
  return deleted.length > 0
}
