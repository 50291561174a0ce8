// Retention: what is past its period goes, what is recent or still to be delivered stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemberSchema } from '../../contract/members'
import { MEMBERS_PATH } from '../../contract/paths'
import { SIGHTING_RETENTION_DAYS } from '../../contract/sightings'
import { frontEndLogs, memberSightings, otpCodes, outbox, participations, rateLimits, reviewPhotos } from '../db/schema'
import { createCampaign } from '../test/fixtures'
import { photoKey } from './review-photos'
import { runOpsCommand } from '../ops-commands'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember } from '../test/members'
import { purgeExpired } from './retention'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

const DAY = 24 * 60 * 60 * 1000

describe('purging what is past its retention', () => {
  it('deletes old delivered messages, expired codes, logs, rate-limit windows, photos of reviews never sent and old sightings, and keeps the rest', async () => {
    const now = h.clock.now()
    const old = new Date(now.getTime() - 40 * DAY)
    const recent = new Date(now.getTime() - 2 * DAY)
    const tester = await createTestMember()
    const member = expectOk(await call(h.app, 'GET', MEMBERS_PATH, { token: tester.bearer }), MemberSchema)
    const message = (createdAt: Date, state: 'sent' | 'failed' | 'waiting') => ({
      channel: 'email' as const,
      recipient: `${state}-${createdAt.getTime()}@example.com`,
      subject: 'Your code',
      body: '123456',
      createdAt,
      sentAt: state === 'sent' ? createdAt : null,
      failedAt: state === 'failed' ? createdAt : null,
    })
    await h.deps.db.insert(outbox).values([message(old, 'sent'), message(old, 'failed'), message(old, 'waiting'), message(recent, 'sent')])
    const code = (createdAt: Date) => ({
      memberId: member.id,
      channel: 'sms' as const,
      target: '+4915100000000',
      codeHash: 'x',
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 600_000),
    })
    await h.deps.db.insert(otpCodes).values([code(old), code(recent)])
    const log = (receivedAt: Date) => ({
      entryId: crypto.randomUUID(),
      application: 'portal',
      module: 'test',
      severity: 'ERROR',
      tags: [],
      userId: null,
      userRoles: [],
      eventAt: '2026-01-01 00:00:00.000',
      log: 'x',
      receivedAt,
    })
    await h.deps.db.insert(frontEndLogs).values([log(old), log(recent)])
    await h.deps.db.insert(rateLimits).values([
      { key: 'test:old', windowStart: old, count: 1 },
      { key: 'test:recent', windowStart: recent, count: 1 },
    ])
    // Photos uploaded for a review: one long ago and never sent, one recent; both files stored.
    const c = await createCampaign(h.deps.db, now)
    const [p] = await h.deps.db
      .insert(participations)
      .values({ memberId: member.id, campaignId: c.campaignId, flightId: c.flightId, status: 'delivered', appliedAt: old, updatedAt: old })
      .returning()
    const photo = (createdAt: Date) => ({ id: crypto.randomUUID(), memberId: member.id, participationId: p!.id, width: 10, height: 10, createdAt })
    const [forgotten, inProgress] = [photo(old), photo(recent)]
    await h.deps.db.insert(reviewPhotos).values([forgotten, inProgress])
    for (const { id } of [forgotten, inProgress]) await h.deps.photoStorage.put(photoKey(id, 'thumb'), new Uint8Array([1, 2, 3]), 'image/jpeg')

    // Devices and networks seen: kept for their own period, longer than the rest's.
    const seen = (daysAgo: number) => ({
      memberId: member.id,
      kind: 'device' as const,
      valueHash: `hash-${daysAgo}`,
      event: 'sign-up' as const,
      seenAt: new Date(now.getTime() - daysAgo * DAY),
    })
    await h.deps.db.insert(memberSightings).values([seen(SIGHTING_RETENTION_DAYS + 1), seen(40)])

    expect(await purgeExpired(h.deps, now, 30)).toMatchObject({ outbox: 2, otpCodes: 1, frontEndLogs: 1, rateLimits: 1, draftPhotos: 1, sightings: 1 })
    expect((await h.deps.db.select({ valueHash: memberSightings.valueHash }).from(memberSightings)).map((r) => r.valueHash)).toEqual(['hash-40'])
    expect((await h.deps.db.select({ id: reviewPhotos.id }).from(reviewPhotos)).map((r) => r.id)).toEqual([inProgress.id])
    expect(await h.deps.photoStorage.get(photoKey(forgotten.id, 'thumb'))).toBeNull()
    expect(await h.deps.photoStorage.get(photoKey(inProgress.id, 'thumb'))).not.toBeNull()
    const left = await h.deps.db.select().from(outbox)
    expect(left.map((m) => m.recipient).sort()).toEqual([message(old, 'waiting').recipient, message(recent, 'sent').recipient].sort())
    expect(await h.deps.db.select().from(otpCodes)).toHaveLength(1)
    // Nothing left past the period: a second purge deletes nothing.
    expect(await purgeExpired(h.deps, now, 30)).toEqual({ outbox: 0, otpCodes: 0, frontEndLogs: 0, rateLimits: 0, draftPhotos: 0, sightings: 0 })
    // The operators' command takes a shorter period at once; sightings keep the one the privacy notice states.
    expect(await runOpsCommand(h.deps, { command: 'purge', days: 1 })).toMatchObject({
      outbox: 1,
      otpCodes: 1,
      frontEndLogs: 1,
      rateLimits: 1,
      draftPhotos: 1,
      sightings: 0,
    })
  })
})
