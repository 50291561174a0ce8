// Signed unsubscribe links (RFC 8058 one-click, and the portal's page): a token naming the member,
// the channel, the topic and an expiry, with an HMAC-SHA256 of them under MESSAGE_LINK_SECRET. The
// token is the authority (no sign-in): a forged, altered or expired one is refused and changes
// nothing; using a valid one twice leaves the setting off.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { isUuid } from '../../contract/common'
import { MESSAGE_CHANNELS, SETTINGS_TOPICS, type MessageChannel, type SettingsTopic, type Unsubscribe } from '../../contract/messages'
import { members } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest, notFound } from '../http/errors'

/** Links stay good this long: mail is read late, and mail clients' one-click may come weeks after. */
export const UNSUBSCRIBE_TTL_DAYS = 90

export interface UnsubscribeClaim {
  memberId: string
  channel: MessageChannel
  topic: SettingsTopic
  expiresAt: Date
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe.v1.${payload}`).digest()
}

export function signUnsubscribe(secret: string, claim: UnsubscribeClaim): string {
  const payload = [claim.memberId, claim.channel, claim.topic, Math.floor(claim.expiresAt.getTime() / 1000)].join('.')
  return `${payload}.${mac(secret, payload).toString('base64url')}`
}

/** The claim of a token signed with this secret and not expired at `now`; null otherwise. */
export function verifyUnsubscribe(secret: string, token: string, now: Date): UnsubscribeClaim | null {
  const parts = token.split('.')
  if (parts.length !== 5) return null
  const [memberId, channel, topic, expires, signature] = parts as [string, string, string, string, string]
  const expected = mac(secret, [memberId, channel, topic, expires].join('.'))
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  // A signed token names its member by id: one that cannot be an id is refused before any query.
  if (!isUuid(memberId) || !/^\d{1,12}$/.test(expires)) return null
  if (!(MESSAGE_CHANNELS as readonly string[]).includes(channel) || !(SETTINGS_TOPICS as readonly string[]).includes(topic)) return null
  const expiresAt = new Date(Number(expires) * 1000)
  if (now >= expiresAt) return null
  return { memberId, channel: channel as MessageChannel, topic: topic as SettingsTopic, expiresAt }
}

function claimOf(deps: SuiteDeps, token: string): UnsubscribeClaim {
  const claim = verifyUnsubscribe(deps.settings.messages.linkSecret, token, deps.clock.now())
  // One answer for forged, altered and expired: the link cannot be used, whatever the reason.
  if (!claim) throw badRequest('This unsubscribe link is not valid or has expired', { token: ['not valid or expired: change your settings after signing in'] })
  return claim
}

/** What the link would do, and whether it is done already (GET: changes nothing). */
export async function describeUnsubscribe(deps: SuiteDeps, token: string): Promise<Unsubscribe> {
  const claim = claimOf(deps, token)
  const [member] = await deps.db
    .select({ settings: members.notificationSettings, pseudonymizedAt: members.pseudonymizedAt })
    .from(members)
    .where(eq(members.id, claim.memberId))
  if (!member || member.pseudonymizedAt) throw notFound('Member')
  return { channel: claim.channel, topic: claim.topic, unsubscribed: !member.settings[claim.channel][claim.topic] }
}

/** Turns the link's topic off on its channel; once or many times, the setting ends off. */
export async function applyUnsubscribe(deps: SuiteDeps, token: string): Promise<Unsubscribe> {
  const claim = claimOf(deps, token)
  const now = deps.clock.now()
  // One statement: a settings change by the member at the same moment keeps its other switches.
  const updated = await deps.db
    .update(members)
    .set({
      notificationSettings: sql`jsonb_set(${members.notificationSettings}, ${`{${claim.channel},${claim.topic}}`}::text[], 'false'::jsonb)`,
      updatedAt: now,
    })
    .where(sql`${members.id} = ${claim.memberId} and ${members.pseudonymizedAt} is null`)
    .returning({ id: members.id })
  if (updated.length === 0) throw notFound('Member')
  return { channel: claim.channel, topic: claim.topic, unsubscribed: true }
}
