// Two member-API processes on one PostgreSQL behind HAProxy (Debian's package, installed by the
// test command when missing), checked on their readiness endpoint. A few hundred members write and
// read through the balancer while one process is killed with SIGKILL and restarted, and while both
// are restarted in turn with SIGTERM: no acknowledged write is lost, a kill costs at most the
// requests in flight on that process, a rolling restart costs none, and a restarted process takes
// its share again.
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS_PATH, MEMBER_INFO_PATH } from '../../contract/paths'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { startHaproxy } from '../../scripts/lib/haproxy.mjs'
import { waitForHttp } from '../../scripts/lib/processes.mjs'
import { startSuite } from '../../scripts/lib/suite.mjs'
import { createTestMember, projectId, type TestMember } from '../../suite/test/members'
import { createTestDatabase } from '../../suite/test/postgres'

const MEMBERS = 200
const ADDRESS = { name: 'Bal Ancer', line1: 'Torstraße 1', postalCode: '10119', city: 'Berlin', country: 'DE' }

type Api = ReturnType<typeof startSuite>

/** What one member's requests came to while the load ran. */
interface Tally {
  /** The last write the balancer answered 200 to, and the last one sent. */
  acked: number
  sent: number
  failures: string[]
  servedBy: Map<string, number>
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two member APIs behind HAProxy', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let balancer: Awaited<ReturnType<typeof startHaproxy>>
  let sql: postgres.Sql
  let members: TestMember[]
  const ports = { a: 0, b: 0 }
  const apis: Record<'a' | 'b', Api | null> = { a: null, b: null }
  /** Every process started, restarted ones included: what they logged (warnings and errors) explains a failure. */
  const started: Api[] = []
  const logged = () => started.map((api) => api.output()).join('\n')

  async function startApi(name: 'a' | 'b') {
    const api = startSuite({
      port: ports[name],
      authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      dataDir: '.data/unused',
      quiet: true,
      env: { DATABASE_URL: database.url, SUITE_SEED: 'none', GCLOUD_PROJECT: projectId(), SHUTDOWN_DRAIN_SECONDS: '2' },
    })
    apis[name] = api
    started.push(api)
    await waitForHttp(`http://127.0.0.1:${ports[name]}/readyz`, { isAlive: api.isAlive, timeoutMs: 90_000 })
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    sql = postgres(database.url, { max: 2, onnotice: () => {} })
    ;[ports.a, ports.b] = [await freePort(), await freePort()]
    await Promise.all([startApi('a'), startApi('b')])
    balancer = await startHaproxy({ port: await freePort(), servers: { a: ports.a, b: ports.b }, checkPath: '/readyz' })
    await waitForHttp(`${balancer.url}/readyz`)
    members = []
    for (let i = 0; i < MEMBERS; i += 25) members.push(...(await Promise.all(Array.from({ length: Math.min(25, MEMBERS - i) }, () => createTestMember()))))
    // Each member's record exists before the load (their first call creates it), with an address.
    for (let i = 0; i < MEMBERS; i += 25) {
      await Promise.all(members.slice(i, i + 25).map((m) => put(m, 0)))
    }
  }, 240_000)

  afterAll(async () => {
    await balancer?.stop()
    await Promise.all(Object.values(apis).map((api) => api?.stop()))
    await sql?.end()
    await database?.close()
  })

  /** A member saves their address with write number `n` in it (the second line), through the balancer. */
  function put(member: TestMember, n: number) {
    return fetch(`${balancer.url}/${ADDRESS_PATH}`, {
      method: 'PUT',
      headers: { authorization: member.bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADDRESS, line2: `write ${n}` }),
    })
  }

  /** Every member writes then reads, over and over, until `done` resolves. */
  async function load(done: Promise<void>): Promise<Tally[]> {
    let stopped = false
    void done.then(() => (stopped = true))
    return Promise.all(
      members.map(async (member) => {
        const tally: Tally = { acked: 0, sent: 0, failures: [], servedBy: new Map() }
        const count = (response: Response) => {
          const by = response.headers.get('x-served-by') ?? '?'
          tally.servedBy.set(by, (tally.servedBy.get(by) ?? 0) + 1)
        }
        for (let n = 1; !stopped; n++) {
          tally.sent = n
          try {
            const written = await put(member, n)
            await written.arrayBuffer()
            count(written)
            if (written.status === 200) tally.acked = n
            else tally.failures.push(`PUT ${written.status}`)
            const read = await fetch(`${balancer.url}/${MEMBER_INFO_PATH}`, { headers: { authorization: member.bearer } })
            await read.arrayBuffer()
            count(read)
            if (read.status !== 200) tally.failures.push(`GET ${read.status}`)
          } catch (error) {
            tally.failures.push(`network: ${error instanceof Error ? error.message : String(error)}`)
          }
        }
        return tally
      }),
    )
  }

  /** Every acknowledged write is in the database: each member's address holds that write or a later one they sent. */
  async function expectNoAcknowledgedWriteLost(tallies: Tally[]) {
    const rows = await sql<Array<{ uid: string; line2: string }>>`
      select m.uid, a.line2 from members m join addresses a on a.member_id = m.id where m.uid in ${sql(members.map((m) => m.uid))}`
    const stored = new Map(rows.map((r) => [r.uid, Number(r.line2.replace('write ', ''))]))
    members.forEach((member, i) => {
      const n = stored.get(member.uid) ?? -1
      expect(n, member.uid).toBeGreaterThanOrEqual(tallies[i]!.acked)
      expect(n, member.uid).toBeLessThanOrEqual(tallies[i]!.sent)
    })
  }

  const servedBy = (tallies: Tally[], name: string) => tallies.reduce((sum, t) => sum + (t.servedBy.get(name) ?? 0), 0)
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

  /** Resolves once the balancer has sent `name` more requests than `before` (HAProxy's own count). */
  async function untilServed(name: 'a' | 'b', before: number) {
    while (((await balancer.served())[name] ?? 0) <= before) await pause(100)
  }
  /** Starts `name` again and waits until the balancer has it back in the rotation and sends it requests. */
  async function rejoin(name: 'a' | 'b') {
    const before = (await balancer.served())[name] ?? 0
    await startApi(name)
    await balancer.waitUntilUp(name)
    await untilServed(name, before)
  }

  it('loses no acknowledged write when a process is killed, routes around it, and takes it back when restarted', async () => {
    let rejoined = false
    const scenario = (async () => {
      await Promise.all([untilServed('a', 0), untilServed('b', 0)])
      apis.a!.child.kill('SIGKILL')
      await apis.a!.exited
      // A while with one process down: the balancer routes around it.
      await pause(3_000)
      await rejoin('a')
      rejoined = true
      await pause(2_000)
    })()
    const tallies = await load(scenario)
    expect(rejoined).toBe(true)
    const failures = tallies.flatMap((t) => t.failures)
    // At most what was in flight on the killed process: one request per member at a time.
    expect(failures.length, `${failures.slice(0, 5).join('; ')}\n${logged()}`).toBeLessThanOrEqual(MEMBERS)
    expect(servedBy(tallies, 'a')).toBeGreaterThan(0)
    expect(servedBy(tallies, 'b')).toBeGreaterThan(0)
    await expectNoAcknowledgedWriteLost(tallies)
  })

  it('restarts both processes in turn (SIGTERM) without losing a request', async () => {
    const restart = async (name: 'a' | 'b') => {
      apis[name]!.child.kill('SIGTERM')
      await apis[name]!.exited
      // The other process carries the load alone until this one is back in the rotation.
      await rejoin(name)
    }
    const scenario = (async () => {
      const before = await balancer.served()
      await Promise.all([untilServed('a', before.a ?? 0), untilServed('b', before.b ?? 0)])
      await restart('a')
      await restart('b')
    })()
    const tallies = await load(scenario)
    const failures = tallies.flatMap((t) => t.failures)
    expect(failures, `${failures.slice(0, 5).join('; ')}\n${logged()}`).toEqual([])
    expect(servedBy(tallies, 'a')).toBeGreaterThan(0)
    expect(servedBy(tallies, 'b')).toBeGreaterThan(0)
    await expectNoAcknowledgedWriteLost(tallies)
  })
})
