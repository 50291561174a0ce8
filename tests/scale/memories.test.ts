// What a member-API process remembers on its own (a user's Firebase record, for at most
// REVOCATION_CHECK_SECONDS) is the only way another process may answer from an older state: an
// account deleted through one process is refused by the other within that window, not later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEMBER_INFO_PATH, MEMBERS_PATH, PSEUDONYMIZE_PATH } from '../../contract/paths'
import { BOT_TOKEN_HEADER, LOCAL_BOT_TOKEN } from '../../contract/bot-protection'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { waitForHttp } from '../../scripts/lib/processes.mjs'
import { startSuite } from '../../scripts/lib/suite.mjs'
import { createTestMember, projectId } from '../../suite/test/members'
import { createTestDatabase } from '../../suite/test/postgres'
import { expectRefusedWithin } from './within-window'

const WINDOW_SECONDS = 2

describe.skipIf(!process.env.TEST_DATABASE_URL)('what each member-API process remembers', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  const apis: Array<{ url: string; stop: () => Promise<void> }> = []

  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 2 })
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      const api = startSuite({
        port,
        authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
        dataDir: '.data/unused',
        quiet: true,
        env: { DATABASE_URL: database.url, SUITE_SEED: 'none', GCLOUD_PROJECT: projectId(), REVOCATION_CHECK_SECONDS: String(WINDOW_SECONDS) },
      })
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, { isAlive: api.isAlive, timeoutMs: 150_000 })
      apis.push({ url: `http://127.0.0.1:${port}`, stop: () => api.stop() })
    }
  }, 240_000)
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()))
    await database?.close()
  })

  const ask = (base: string, bearer: string, method = 'GET', path = MEMBER_INFO_PATH, body?: unknown) =>
    fetch(`${base}/${path}`, {
      method,
      headers: { authorization: bearer, 'content-type': 'application/json', [BOT_TOKEN_HEADER]: LOCAL_BOT_TOKEN },
      body: body === undefined ? undefined : JSON.stringify(body),
    })

  it('refuses, within the window, a session whose account another process deleted', async () => {
    const [one, two] = apis as [(typeof apis)[number], (typeof apis)[number]]
    const member = await createTestMember()
    expect((await ask(one.url, member.bearer, 'POST', MEMBERS_PATH, { firstName: 'Wendy', lastName: 'Window' })).status).toBe(201)
    // Both processes know the member now, and remember their record.
    expect((await ask(one.url, member.bearer)).status).toBe(200)
    expect((await ask(two.url, member.bearer)).status).toBe(200)

    expect((await ask(one.url, member.bearer, 'POST', PSEUDONYMIZE_PATH, { confirm: true })).status).toBe(200)
    const deletedAt = Date.now()
    expect((await ask(one.url, member.bearer)).status).toBe(401)
    // The other process may answer from what it remembers, for the window at most.
    await expectRefusedWithin('the other process', { since: deletedAt, windowMs: WINDOW_SECONDS * 1000 }, async () => {
      const status = (await ask(two.url, member.bearer)).status
      if (status !== 200 && status !== 401) throw new Error(`the other process answered ${status}`)
      return status === 401
    })
  })
})
