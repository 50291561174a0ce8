// Missions. Completion is derived from member data and credited once to the points ledger (one
// ledger entry per idempotency key, ./ledger). Credits happen when the event happens: every change that can
// complete a mission calls syncMissions inside its own transaction, so the points and the change
// land together and a page that only reads never credits anything.
import { and, count, eq, isNotNull, like } from 'drizzle-orm'
import type { Mission, MissionKey } from '../../contract/rewards'
import type { Executor } from '../db/client'
import { addresses, ledgerEntries, members, participations, reviews, socialProfiles } from '../db/schema'
import { credit, pointsBalance } from './ledger'

interface MissionDefinition {
  key: MissionKey
  title: string
  description: string
  points: number
  repeatable: boolean
}

export const MISSIONS: MissionDefinition[] = [
  {
    key: 'complete-profile',
    title: 'Complete your profile',
    description: 'Add your name, birth date, languages, interests and shipping address.',
    points: 50,
    repeatable: false,
  },
  { key: 'verify-email', title: 'Verify your e-mail', description: 'Confirm the e-mail address we write to.', points: 25, repeatable: false },
  { key: 'verify-phone', title: 'Verify your phone', description: 'Confirm your mobile number with a one-time code.', points: 25, repeatable: false },
  {
    key: 'connect-social',
    title: 'Connect a social account',
    description: 'Add the social profile where you share your reviews.',
    points: 25,
    repeatable: false,
  },
  {
    key: 'first-test',
    title: 'Finish your first test',
    description: 'Complete every task of a product test, your published review included.',
    points: 100,
    repeatable: false,
  },
  { key: 'write-review', title: 'Write a review', description: 'Get your first review published.', points: 50, repeatable: false },
  {
    key: 'refer-friend',
    title: 'Refer a friend',
    description: 'Earn points for each friend who joins with your code and finishes a test.',
    points: 100,
    repeatable: true,
  },
]
export const REFERRAL_POINTS = 100

function definition(key: MissionKey): MissionDefinition {
  const found = MISSIONS.find((m) => m.key === key)
  if (!found) throw new Error(`Unknown mission ${key}`)
  return found
}

/**
 * Credits every mission the member's data shows as done and not yet credited. Safe to repeat;
 * call it with the transaction of the change that may have completed a mission.
 */
export async function syncMissions(ex: Executor, memberId: string, now: Date): Promise<void> {
  const [member] = await ex.select().from(members).where(eq(members.id, memberId))
  if (!member || member.pseudonymizedAt) return
  const [address] = await ex.select({ id: addresses.memberId }).from(addresses).where(eq(addresses.memberId, memberId))
  const [social] = await ex.select({ n: count() }).from(socialProfiles).where(eq(socialProfiles.memberId, memberId))
  const [completed] = await ex
    .select({ n: count() })
    .from(participations)
    .where(and(eq(participations.memberId, memberId), eq(participations.status, 'completed')))
  const [published] = await ex
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.memberId, memberId), eq(reviews.status, 'published')))

  const done: Record<Exclude<MissionKey, 'refer-friend'>, boolean> = {
    'complete-profile':
      member.firstName !== '' &&
      member.lastName !== '' &&
      member.birthDate !== null &&
      member.languages.length > 0 &&
      member.preferences.interests.length > 0 &&
      address !== undefined,
    'verify-email': member.emailVerified,
    'verify-phone': member.phoneVerified,
    'connect-social': Number(social?.n ?? 0) > 0,
    'first-test': Number(completed?.n ?? 0) > 0,
    'write-review': Number(published?.n ?? 0) > 0,
  }
  for (const [key, isDone] of Object.entries(done) as [MissionKey, boolean][]) {
    if (!isDone) continue
    const def = definition(key)
    await credit(ex, memberId, { points: def.points, reason: `Mission: ${def.title}`, key: `mission:${key}`, missionKey: key }, now)
  }
  const referred = await ex
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.referredById, memberId), isNotNull(members.referralAcceptedAt)))
  for (const friend of referred) {
    await credit(
      ex,
      memberId,
      { points: REFERRAL_POINTS, reason: 'Mission: Refer a friend', key: `mission:refer-friend:${friend.id}`, missionKey: 'refer-friend' },
      now,
    )
  }
}

export async function missionsOf(ex: Executor, memberId: string): Promise<{ balance: number; missions: Mission[] }> {
  const entries = await ex
    .select({ missionKey: ledgerEntries.missionKey, points: ledgerEntries.points })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), like(ledgerEntries.idempotencyKey, 'mission:%')))
  return {
    balance: await pointsBalance(ex, memberId),
    missions: MISSIONS.map((m) => {
      const mine = entries.filter((e) => e.missionKey === m.key)
      return {
        key: m.key,
        title: m.title,
        description: m.description,
        points: m.points,
        repeatable: m.repeatable,
        completed: mine.length > 0,
        timesCredited: mine.length,
        pointsEarned: mine.reduce((sum, e) => sum + e.points, 0),
      }
    }),
  }
}
