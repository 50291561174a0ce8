// A newsletter issue written by an admin goes to every member who opted in by e-mail, once each,
// whatever runs twice; members who did not opt in get nothing; the issue is then finished.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { ADDRESS_PATH, NOTIFICATIONS_PATH } from '../../contract/paths'
import { auditLog, outbox } from '../db/schema'
import { GOOD_ADDRESS } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'
import { DEFAULT_NOTIFICATION_SETTINGS } from './members'
import { sendNewsletters } from './newsletter-sending'

let h: Harness
let admin: TestMember
let reader: TestMember
let other: TestMember

beforeAll(async () => {
  h = await createHarness()
  ;[admin, reader, other] = await Promise.all([createTestStaff(h.deps.db, ['admin'], { displayName: 'Ada Admin' }), createTestMember(), createTestMember()])
  for (const member of [reader, other]) await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
  const wants = { ...DEFAULT_NOTIFICATION_SETTINGS, email: { ...DEFAULT_NOTIFICATION_SETTINGS.email, newsletter: true } }
  expect((await call(h.app, 'PUT', NOTIFICATIONS_PATH, { token: reader.bearer, body: wants })).status).toBe(200)
})
afterAll(() => h?.close())

const issuesTo = async (email: string) =>
  (await h.deps.db.select().from(outbox).where(eq(outbox.recipient, email))).filter((row) => row.template === 'newsletter')

describe('the newsletter', () => {
  it('goes to the members who opted in, once each, as text with an unsubscribe', async () => {
    expectError(
      await call(h.app, 'POST', ENDPOINTS.opsSendNewsletter.path, { token: admin.bearer, body: { subject: 'Hi', body: 'Too short' } }),
      'BAD_REQUEST',
      400,
    )
    const issue = expectOk(
      await call(h.app, 'POST', ENDPOINTS.opsSendNewsletter.path, {
        token: admin.bearer,
        body: { subject: 'New tests this spring', body: 'Spring brings new tests.\n\n- A daypack\n- <b>Cold brew</b>' },
      }),
      ENDPOINTS.opsSendNewsletter.data,
      201,
    )
    await Promise.all([sendNewsletters(h.deps, h.clock.now()), sendNewsletters(h.deps, h.clock.now())])
    await sendNewsletters(h.deps, h.clock.now())
    const [sent] = await issuesTo(reader.email)
    expect(await issuesTo(reader.email)).toHaveLength(1)
    expect(sent).toMatchObject({ subject: 'New tests this spring', channel: 'email' })
    expect(sent!.html).toContain('&lt;b&gt;Cold brew&lt;/b&gt;')
    expect(sent!.headers).toHaveProperty('List-Unsubscribe')
    expect(await issuesTo(other.email)).toHaveLength(0)

    const list = expectOk(await call(h.app, 'GET', ENDPOINTS.opsNewsletters.path, { token: admin.bearer }), ENDPOINTS.opsNewsletters.data)
    expect(list.items.find((item) => item.id === issue.id)).toMatchObject({ sent: 1, createdBy: 'Ada Admin', finishedAt: expect.any(String) })
    const [entry] = await h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, issue.id))
    expect(entry).toMatchObject({ action: 'newsletter.send', actorUid: admin.uid })
  })
})
