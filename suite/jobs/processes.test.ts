// Background work with two member-API processes on one PostgreSQL (TEST_DATABASE_URL), as in a
// deployment with several machines: both start together (the job queue's schema is installed once
// under its own lock), both run every sweep at start and again when told to at the same moment, and
// both run the outbox relay to a real SMTP server. Every message the members are owed (shipment
// updates, being selected, the review reminder, the new-campaigns digest, the newsletter, "not chosen") is written
// once and delivered once.
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { ParticipationSchema } from '../../contract/participations'
import { ADDRESS_PATH, NOTIFICATIONS_PATH, PROCESS_SIGNUP_PATH } from '../../contract/paths'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { waitForHttp } from '../../scripts/lib/processes.mjs'
import { startSuite } from '../../scripts/lib/suite.mjs'
import { campaigns, flights, outbox } from '../db/schema'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../services/members'
import { deliver, ship } from '../services/operations'
import { commandLineActor } from '../actors/actor'
import { startSmtpServer, waitFor } from '../test/delivery-sinks'
import { createCampaign, GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember, projectId, type TestMember } from '../test/members'
import { createTestDatabase } from '../test/postgres'
import { createTestStaff } from '../test/staff'

const DAY = 24 * 60 * 60 * 1000
const MAIL_FROM = 'Testers Circle <no-reply@testerscircle.example>'
/** What each member is owed, once each. */
const OWED = ['selected', 'shipment-shipped', 'shipment-delivered', 'reminder-due', 'new-campaigns', 'newsletter', 'not-chosen'].sort()

type SuiteProcess = ReturnType<typeof startSuite>

describe.skipIf(!process.env.TEST_DATABASE_URL)('two member-API processes running the jobs', () => {
  let h: Harness
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let testers: TestMember[]
  const processes: Array<{ process: SuiteProcess; url: string }> = []

  beforeAll(async () => {
    const database = await createTestDatabase()
    ;[h, smtp] = await Promise.all([createHarness({ database }), startSmtpServer()])
    testers = await Promise.all(Array.from({ length: 4 }, () => createTestMember()))
    const admin = await createTestStaff(h.deps.db, ['admin'])
    const wantsNewsletter = { ...DEFAULT_NOTIFICATION_SETTINGS, email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, newsletter: true } }
    for (const t of testers) {
      expect((await call(h.app, 'PUT', ADDRESS_PATH, { token: t.bearer, body: GOOD_ADDRESS })).status).toBe(200)
      expect((await call(h.app, 'PUT', NOTIFICATIONS_PATH, { token: t.bearer, body: wantsNewsletter })).status).toBe(200)
    }

    // A first-come test: every tester is in, and has the product; the review is due in 2.5 days.
    const tested = await createCampaign(h.deps.db, h.clock.now(), { tasks: { questionnaire: false, social: false } })
    // A curated test whose sign-up has closed with nobody chosen.
    const curated = await createCampaign(h.deps.db, h.clock.now())
    await h.deps.db.update(campaigns).set({ selectionMode: 'curated' }).where(eq(campaigns.id, curated.campaignId))
    for (const t of testers) {
      for (const campaign of [tested, curated]) {
        const signup = await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: t.bearer, body: { campaignId: campaign.campaignId } })
        const participation = expectOk(signup, ParticipationSchema, 201)
        if (campaign === tested) {
          await ship(h.deps, participation.id, 'DHL', `JD${participation.id.slice(0, 8)}`, commandLineActor())
          await deliver(h.deps, participation.id, commandLineActor())
        }
      }
    }
    const now = h.clock.now().getTime()
    await h.deps.db
      .update(flights)
      .set({ reviewDueAt: new Date(now + 2.5 * DAY) })
      .where(eq(flights.id, tested.flightId))
    await h.deps.db
      .update(flights)
      .set({ signupClosesAt: new Date(now - 60_000) })
      .where(eq(flights.id, curated.flightId))
    // A newsletter issue, sent from the console: the processes' sweep delivers it.
    const issue = await call(h.app, 'POST', ENDPOINTS.opsSendNewsletter.path, {
      token: admin.bearer,
      body: { subject: 'Two processes, one newsletter', body: 'Sent once to each reader.' },
    })
    expect(issue.status).toBe(201)

    // Two member-API processes on the database, started together, each with the relay to the SMTP server.
    const ports = [await freePort(), await freePort()]
    for (const port of ports) {
      const started = startSuite({
        port,
        authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
        dataDir: '.data/unused',
        quiet: true,
        env: {
          DATABASE_URL: database.url,
          SUITE_SEED: 'none',
          GCLOUD_PROJECT: projectId(),
          OUTBOX_RELAY: 'true',
          SMTP_URL: smtp.url,
          MAIL_FROM,
        },
      })
      processes.push({ process: started, url: `http://127.0.0.1:${port}` })
    }
    for (const { process: p, url } of processes) {
      await waitForHttp(`${url}/readyz`, { isAlive: p.isAlive, timeoutMs: 180_000 }).catch((error: unknown) => {
        throw new Error(`A member-API process did not start: ${String(error)}\n${p.output()}`)
      })
    }
  }, 300_000)

  afterAll(async () => {
    await Promise.all(processes.map(({ process: p }) => p.stop()))
    await smtp?.close()
    await h?.close()
  })

  /** The messages written to the testers, by template, from the outbox. */
  const written = () =>
    h.deps.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.recipient,
          testers.map((t) => t.email),
        ),
      )

  it('writes and delivers every message each member is owed exactly once', async () => {
    // The sweeps also run on both processes at the same moment, as their schedules could.
    const runOnBoth = (command: string) =>
      Promise.all(
        processes.map(({ url }) =>
          fetch(`${url}/suite/api/dev/ops`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ command }) }),
        ),
      )
    for (let i = 0; i < 3; i++) {
      const answers = await Promise.all([runOnBoth('send-reminders'), runOnBoth('tell-unchosen')])
      expect(answers.flat().map((r) => r.status)).toEqual([200, 200, 200, 200])
    }

    const delivered = (email: string) => smtp.received.filter((mail) => mail.to.includes(email))
    await waitFor(async () => {
      const rows = await written()
      return rows.length >= OWED.length * testers.length && rows.every((row) => row.sentAt) && smtp.received.length >= rows.length
    }, 270_000)
    // Long enough for another relay pass and sweep on either process: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 4_000))

    const rows = await written()
    for (const t of testers) {
      const mine = rows.filter((row) => row.recipient === t.email)
      expect(mine.map((row) => row.template).sort(), t.email).toEqual(OWED)
      // Delivered once each: the same subjects, as many times as written.
      expect(
        delivered(t.email)
          .map((mail) => mail.headers.subject)
          .sort(),
      ).toEqual(mine.map((row) => row.subject).sort())
    }
    expect(processes.every(({ process: p }) => p.isAlive())).toBe(true)
  }, 150_000)
})
