// The most photos a review takes holds when uploads for it arrive at once, on real PostgreSQL
// (TEST_DATABASE_URL): the count and the insert happen under the participation's row lock.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, PROCESS_SIGNUP_PATH, REVIEW_PHOTOS_PATH } from '../../contract/paths'
import { PHOTOS_PER_REVIEW } from '../../contract/review-photos'
import { commandLineActor } from '../actors/actor'
import { reviewPhotos } from '../db/schema'
import { imageWorkLimit } from '../services/image-work'
import { deliver, ship } from '../services/operations'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember } from '../test/members'
import { createTestDatabase } from '../test/postgres'

const UPLOADS = 12

describe.skipIf(!process.env.TEST_DATABASE_URL)('review photos on PostgreSQL', () => {
  let h: Harness

  beforeAll(async () => {
    // Every upload gets a place to be worked on: the race is at the database, not in the line.
    h = await createHarness({ database: await createTestDatabase({ maxConnections: 20 }), imageWork: imageWorkLimit({ concurrent: UPLOADS, waiting: 0 }) })
  }, 180_000)
  afterAll(() => h?.close())

  it(`keeps ${PHOTOS_PER_REVIEW} photos of ${UPLOADS} uploads sent at once for one review, and refuses the others`, async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    const member = await createTestMember()
    await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
    const participation = expectOk(
      await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } }),
      ParticipationSchema,
      201,
    )
    await ship(h.deps, participation.id, 'DHL', 'JD0400', commandLineActor())
    await deliver(h.deps, participation.id, commandLineActor())
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer()

    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, async () => {
        const response = await h.app.request(
          `/${REVIEW_PHOTOS_PATH}?participationId=${participation.id}`,
          { method: 'POST', headers: { 'content-type': 'image/jpeg', authorization: member.bearer }, body: photo },
          { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
        )
        return response.status
      }),
    )
    expect(statuses.filter((s) => s === 201)).toHaveLength(PHOTOS_PER_REVIEW)
    expect(statuses.filter((s) => s === 409)).toHaveLength(UPLOADS - PHOTOS_PER_REVIEW)
    const rows = await h.deps.db.select().from(reviewPhotos).where(eq(reviewPhotos.participationId, participation.id))
    expect(rows).toHaveLength(PHOTOS_PER_REVIEW)
  }, 120_000)
})
