// Two portals and two member APIs on one PostgreSQL, review photos in an S3-compatible object store
// running on this machine (S3rver, through the member API's S3 adapter), the portals behind one
// HAProxy and the member APIs behind another, each checked on its readiness endpoint. A member's
// whole journey runs in the browser through the portals' balancer while staff work through the
// member APIs' balancer: every request may land on either process, and consecutive ones do. Then a
// hundred members keep loading pages while both portals are restarted in turn (SIGTERM): none of
// their requests fails. Last, the member signs out through one portal, and both refuse the old
// session within the window a portal may remember a member's record.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPS_REVIEWS_PATH, OPS_SHIPMENTS_PATH } from '../../contract/paths'
import type { ModerationPage } from '../../contract/ops-moderation'
import type { OpsShipmentPageSchema } from '../../contract/ops-shipments'
import type * as v from 'valibot'
import { portalActionLink } from '../../scripts/lib/action-links.mjs'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { startHaproxy } from '../../scripts/lib/haproxy.mjs'
import { startNode, waitForHttp } from '../../scripts/lib/processes.mjs'
import { startS3Store } from '../../scripts/lib/s3-store.mjs'
import { DEMO_STAFF_AUTHENTICATOR_KEY, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD, startSuite } from '../../scripts/lib/suite.mjs'
import { generate } from 'otplib'
import { SECOND_FACTOR_PASS_HEADER } from '../../contract/second-factor'
import { SECOND_FACTOR_VERIFY_PATH } from '../../contract/paths'
import { signIn } from '../../suite/test/members'
import { createTestDatabase } from '../../suite/test/postgres'
import { gotoHydrated, launchBrowser, newContext, takeCspRefusals, textOnPage } from '../e2e/support/browser'
import { latestOobCode } from '../e2e/support/emulator'
import { fillAndSaveAddress, registerThroughUi } from '../e2e/support/members'
import { expectRefusedWithin } from './within-window'

const root = resolve(import.meta.dirname, '../..')
const serverEntry = resolve(root, process.env.PORTAL_OUTPUT_DIR ?? '.output', 'server/index.mjs')
const BUCKET = 'photos'
const LOAD_CLIENTS = 100
/** How long a portal may remember a member's Firebase record (REVOCATION_CHECK_SECONDS). */
const WINDOW_SECONDS = 2
/**
 * How long a stopping portal says "not ready" while it still serves. The test's probes of the
 * stopping portal queue behind the hundred members' pages (p99 3.5 s on the slowest machine of this
 * kind seen so far), so the drain is several times that: long enough for them to be answered before
 * the listener closes on a machine several times slower.
 */
const DRAIN_SECONDS = 12
/** How long a member looks at a page before the next. */
const THINK_MS = 300
const member = {
  firstName: 'Sasha',
  lastName: 'Scale',
  displayName: 'Sasha Scale',
  email: `scale-journey-${Date.now()}@example.com`,
  password: 'tested4you',
}
/** A word only this run's review carries: the moderation queue is searched by it. */
const MARKER = `Balancedbrew${Date.now().toString(36)}`
const PHOTO_ALT = 'The bottle of concentrate beside a glass of iced coffee'

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

type Process = ReturnType<typeof startNode>
type Balancer = Awaited<ReturnType<typeof startHaproxy>>

describe.skipIf(!process.env.TEST_DATABASE_URL)('two portals and two member APIs behind HAProxy, photos in an object store', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let store: Awaited<ReturnType<typeof startS3Store>>
  let photoDir = ''
  let apiBalancer: Balancer
  let portalBalancer: Balancer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const apis: Record<string, Process> = {}
  const portals: Record<string, Process> = {}
  const portalPorts: Record<string, number> = {}
  /** Which portal answered each of the browser's requests, in order. */
  const servedBy: string[] = []
  let portalUrl = ''
  let staffToken = ''
  /** The demo staff's second-factor pass: a pass given by one member API is honoured by the other. */
  let staffPass = ''

  async function startApi(name: string, port: number, env: Record<string, string>) {
    const api = startSuite({
      port,
      authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      dataDir: '.data/unused',
      quiet: true,
      env: {
        DATABASE_URL: database.url,
        GCLOUD_PROJECT: 'demo-portal',
        PORTAL_URL: portalUrl,
        SUITE_PHOTO_DIR: photoDir,
        ...store.settings,
        SHUTDOWN_DRAIN_SECONDS: '2',
        ...env,
      },
    })
    apis[name] = api
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, { isAlive: api.isAlive, timeoutMs: 120_000 }).catch((error: unknown) => {
      throw new Error(`The member API ${name} did not start: ${String(error)}\n${api.output()}`)
    })
  }

  async function startPortal(name: string) {
    const portal = startNode(name, [serverEntry], {
      env: {
        PORT: String(portalPorts[name]),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        PORTAL_MODE: 'local',
        SUITE_URL: apiBalancer.url,
        PORTAL_URL: portalUrl,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
        SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
        REVOCATION_CHECK_SECONDS: String(WINDOW_SECONDS),
        // A page's calls may take their longest allowed time together on a busy machine (production's 3 s would not).
        PAGE_DEADLINE_SECONDS: '10',
      },
      quiet: true,
    })
    portals[name] = portal
    await waitForHttp(`http://127.0.0.1:${portalPorts[name]}/readyz`, { isAlive: portal.isAlive }).catch((error: unknown) => {
      throw new Error(`The portal ${name} did not start: ${String(error)}\n${portal.output()}`)
    })
  }

  beforeAll(async () => {
    if (!existsSync(serverEntry)) throw new Error('No production build of the portal: run `npm run build` first (npm test does).')
    database = await createTestDatabase()
    store = await startS3Store({ bucket: BUCKET })
    // Where local mode would keep photos: it must stay empty.
    photoDir = mkdtempSync(join(tmpdir(), 'photos-unused-'))

    const [portalPort, apiPort, a, b, p1, p2] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()])
    portalUrl = `http://127.0.0.1:${portalPort}`
    Object.assign(portalPorts, { p1, p2 })
    // The first member API runs the migrations and seeds the demo campaigns; the second finds them done.
    await startApi('a', a, { SUITE_SEED: 'demo' })
    await startApi('b', b, { SUITE_SEED: 'none' })
    apiBalancer = await startHaproxy({ port: apiPort, servers: { a, b }, checkPath: '/readyz' })
    await waitForHttp(`${apiBalancer.url}/readyz`)
    await Promise.all([startPortal('p1'), startPortal('p2')])
    portalBalancer = await startHaproxy({ port: portalPort, servers: { p1, p2 }, checkPath: '/readyz' })
    await waitForHttp(`${portalUrl}/readyz`)
    staffToken = await signIn(DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD)
    const code = await generate({ secret: DEMO_STAFF_AUTHENTICATOR_KEY, epoch: Math.floor(Date.now() / 1000) })
    const passed = await fetch(`${apiBalancer.url}/${SECOND_FACTOR_VERIFY_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'totp', code }),
    })
    staffPass = ((await passed.json()) as { data: { pass: string } }).data.pass

    browser = await launchBrowser()
    context = await newContext(browser, { baseURL: portalUrl })
    page = await context.newPage()
    page.on('response', (response) => {
      const by = response.headers()['x-served-by']
      if (by && response.url().startsWith(portalUrl)) servedBy.push(by)
    })
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await portalBalancer?.stop()
    await Promise.all(Object.values(portals).map((p) => p.stop()))
    await apiBalancer?.stop()
    await Promise.all(Object.values(apis).map((api) => api.stop()))
    await store?.stop()
    await database?.close()
    if (photoDir) rmSync(photoDir, { recursive: true, force: true })
  })

  /** A call of the member API as staff, through its balancer. */
  async function asStaff<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${apiBalancer.url}/${path}`, {
      method,
      headers: { authorization: `Bearer ${staffToken}`, [SECOND_FACTOR_PASS_HEADER]: staffPass, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await response.json()) as { data?: T; message?: string }
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${json.message ?? ''}`)
    return json.data as T
  }

  it("carries a member's whole journey whichever process answers each request", async () => {
    // Register and verify the e-mail address.
    await registerThroughUi(page, member)
    const { oobLink } = await latestOobCode(member.email, 'VERIFY_EMAIL')
    await page.goto(portalActionLink(oobLink, portalUrl), { waitUntil: 'load' })
    await textOnPage(page, 'Your e-mail address is verified. Thank you!', { exact: true }).waitFor()

    // An address, asked for on the way to the campaigns.
    await gotoHydrated(page, '/en/member/campaigns')
    await page.waitForURL('**/en/member/address?redirect=*')
    await fillAndSaveAddress(page, { name: member.displayName, street: 'Invalidenstraße 117', postalCode: '10115' })
    await page.waitForURL('**/en/member/campaigns')

    // Apply: the open cold brew test selects at once.
    await gotoHydrated(page, '/en/ready-to-test/kettle-kiln-cold-brew')
    await page.getByRole('group', { name: 'How do you usually take your coffee?' }).getByLabel('Black').check()
    await page.getByRole('group', { name: 'How many cups do you drink on a typical day?' }).getByLabel('2–3').check()
    await page.getByLabel('Yes, send the product to this address.').check()
    await page.getByRole('button', { name: 'Apply for this test' }).click()
    await page.getByRole('heading', { name: 'You are selected!' }).waitFor()

    // Staff ship the parcel and mark it delivered.
    const pending = await asStaff<v.InferOutput<typeof OpsShipmentPageSchema>>(
      'GET',
      `${OPS_SHIPMENTS_PATH}?view=pending&campaign=kettle-kiln-cold-brew&pageSize=100`,
    )
    const parcel = pending.items.find((item) => item.displayName === member.displayName)
    expect(parcel?.address?.line1).toBe('Invalidenstraße 117')
    await asStaff('POST', `${OPS_SHIPMENTS_PATH}/${parcel!.shipmentId}/action`, { action: 'ship', carrier: 'DHL', trackingNumber: 'JD014600006161' })
    await asStaff('POST', `${OPS_SHIPMENTS_PATH}/${parcel!.shipmentId}/action`, { action: 'deliver' })
    await gotoHydrated(page, '/en/member/shipments')
    await page.getByText('JD014600006161').first().waitFor()

    // The review, with a photo, through the review page.
    const campaign = (await (await fetch(`${apiBalancer.url}/suite/api/public/campaigns/kettle-kiln-cold-brew`)).json()) as {
      data: { id: string; product: { id: string } }
    }
    await gotoHydrated(page, `/en/products/${campaign.data.product.id}/reviews/${campaign.data.id}`)
    await page.getByRole('heading', { name: 'Your review', level: 2 }).waitFor()
    await page.getByRole('radio', { name: '5 stars, Excellent' }).check({ force: true })
    await page.getByLabel('Title').fill(`${MARKER}: smooth whichever machine pours it`)
    await page
      .getByLabel('Your experience')
      .fill('Two weeks of iced coffee from one bottle: mixed one to three with oat milk, it tastes like a café latte every morning.')
    const raw = Buffer.alloc(640 * 480 * 3)
    for (let i = 0; i < raw.length; i += 3) raw.set([(i / 3) % 256, (i / 1920) % 256, 120], i)
    const photo = await sharp(raw, { raw: { width: 640, height: 480, channels: 3 } })
      .jpeg()
      .toBuffer()
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add photos' }).click()])
    await chooser.setFiles([{ name: 'glass.jpg', mimeType: 'image/jpeg', buffer: photo }])
    await page.getByLabel('Describe photo 1').fill(PHOTO_ALT)
    await page.getByLabel('I received this product for free and my review is my honest opinion.').check()
    await page.getByRole('button', { name: 'Submit my review' }).click()
    await page.getByRole('heading', { name: 'Thank you! Your review is waiting for moderation' }).waitFor()

    // The photo's files are in the object store, none in the directory local mode would use.
    expect(store.files().filter((path) => path.startsWith('review-photos/')).length).toBeGreaterThan(0)
    expect(readdirSync(photoDir)).toEqual([])

    // A moderator approves it.
    const queue = await asStaff<ModerationPage>('GET', `${OPS_REVIEWS_PATH}?q=${MARKER}`)
    expect(queue.items).toHaveLength(1)
    const review = queue.items[0]!
    expect(review.photos.map((p) => p.alt)).toEqual([PHOTO_ALT])
    await asStaff('POST', `${OPS_REVIEWS_PATH}/${review.id}/decision`, { decision: 'approve', submittedAt: review.submittedAt })

    // Public: a visitor reads it with its photo, served by the portal from the object store.
    const visitor = await newContext(browser, { baseURL: portalUrl })
    const visitorPage = await visitor.newPage()
    await gotoHydrated(visitorPage, `/en/reviews/${review.id}`)
    await visitorPage.getByRole('heading', { name: new RegExp(MARKER) }).waitFor()
    const image = visitorPage.getByTestId('review-photos').getByRole('img', { name: PHOTO_ALT })
    await image.waitFor()
    await visitorPage.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid=review-photos] img')].every((img) => img.complete && img.naturalWidth > 0),
    )
    await visitor.close()
    // Both portals answer for the photo, each fetching it from the object store through a member API.
    const photoUrl = `${portalUrl}/images/reviews/${review.photos[0]!.id}/display`
    const photoServers = new Set<string>()
    for (let i = 0; i < 4; i++) {
      const served = await fetch(photoUrl)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/jpeg')
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640)
      photoServers.add(served.headers.get('x-served-by') ?? '?')
    }
    expect([...photoServers].sort()).toEqual(['p1', 'p2'])

    // Consecutive requests went to different processes: both portals and both member APIs served the journey.
    expect(new Set(servedBy)).toEqual(new Set(['p1', 'p2']))
    expect(servedBy.some((by, i) => i > 0 && by !== servedBy[i - 1])).toBe(true)
    const apiCounts = await apiBalancer.served()
    expect(apiCounts.a).toBeGreaterThan(10)
    expect(apiCounts.b).toBeGreaterThan(10)
    expect(takeCspRefusals()).toEqual([])
  })

  it('restarts both portals in turn (SIGTERM) while a hundred members load pages, without a failed request', async () => {
    const cookies = await context.cookies(portalUrl)
    const session = cookies.find((cookie) => cookie.name === '__session')
    expect(session).toBeDefined()
    const cookie = `${session!.name}=${session!.value}`
    const paths = ['/en/member/campaigns', '/en/ready-to-test/kettle-kiln-cold-brew', '/en/member/shipments', '/en/how-it-works']
    let stopped = false
    const failures: string[] = []
    const counts = new Map<string, number>()
    const latencies: number[] = []
    const clients = Array.from({ length: LOAD_CLIENTS }, async (_, client) => {
      for (let n = client; !stopped; n++) {
        const path = paths[n % paths.length]!
        try {
          // Member pages with the member's session, the public ones as a visitor.
          const started = performance.now()
          const response = await fetch(`${portalUrl}${path}`, { headers: path.startsWith('/en/member') ? { cookie } : {}, redirect: 'manual' })
          const text = await response.text()
          latencies.push(performance.now() - started)
          const by = response.headers.get('x-served-by') ?? '?'
          counts.set(by, (counts.get(by) ?? 0) + 1)
          if (response.status !== 200) failures.push(`${path} → ${response.status} from ${by}: ${text.slice(0, 80)}`)
          else if (path === '/en/member/campaigns' && !text.includes('Brew less, sip more')) failures.push(`${path}: not the member's page`)
        } catch (error) {
          failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`)
        }
        await pause(THINK_MS)
      }
    })
    /** What the stopping portal itself answered between its saying it drains and its exit, in order. */
    const whileStopping: Record<string, string[]> = {}
    /** Requests of the members each portal served, counted from now on. */
    const servedSince = (name: string) => {
      const from = counts.get(name) ?? 0
      return () => (counts.get(name) ?? 0) - from
    }
    const untilServed = async (name: string, since: () => number) => {
      while (since() === 0) await pause(100)
    }
    const restart = async (name: string) => {
      const direct = `http://127.0.0.1:${portalPorts[name]}`
      const seen: string[] = (whileStopping[name] = [])
      const portal = portals[name]!
      // The portal's own word that it has taken the signal: from then on it is "not ready".
      const draining = portal.waitForLine(/stopping: not ready, draining/)
      portal.child.kill('SIGTERM')
      await draining
      // Until it exits: "not ready" to the balancer, yet still serving what reaches it. The two probes
      // go together, so that on a busy machine both wait in its queue once, not one after the other.
      while (portal.isAlive()) {
        const [ready, served] = await Promise.allSettled([
          fetch(`${direct}/readyz`).then(async (response) => (await response.arrayBuffer(), response.status)),
          fetch(`${direct}/en/how-it-works`).then(async (response) => (await response.arrayBuffer(), response.status)),
        ])
        seen.push(ready.status === 'fulfilled' ? `readyz ${ready.value}` : 'closed', served.status === 'fulfilled' ? `page ${served.value}` : 'closed')
        await pause(200)
      }
      await portal.exited
      const back = servedSince(name)
      await startPortal(name)
      // Back in the rotation: the balancer's checks pass, and it sends the restarted portal members' pages.
      await portalBalancer.waitUntilUp(name)
      await untilServed(name, back)
    }
    // Both portals carry the load before the first one stops.
    await Promise.all(['p1', 'p2'].map((name) => untilServed(name, () => counts.get(name) ?? 0)))
    await restart('p1')
    await restart('p2')
    stopped = true
    await Promise.all(clients)
    latencies.sort((x, y) => x - y)
    console.log(
      `requests ${latencies.length}, p50 ${latencies[Math.floor(latencies.length * 0.5)]!.toFixed(0)} ms, p99 ${latencies[Math.floor(latencies.length * 0.99)]!.toFixed(0)} ms, failures ${failures.length}`,
    )
    expect(failures, failures.slice(0, 5).join('; ')).toEqual([])
    for (const name of ['p1', 'p2']) {
      // Once it has said it drains, it never says "ready" again, and it serves pages until it stops listening.
      const answers = whileStopping[name]!
      expect(answers, `${name}: ${answers.join(', ')}`).toContain('readyz 503')
      expect(answers, `${name}: ${answers.join(', ')}`).toContain('page 200')
      expect(answers, `${name}: ${answers.join(', ')}`).not.toContain('readyz 200')
    }
  })
  it('ends the session on both portals within REVOCATION_CHECK_SECONDS when the member signs out through one', async () => {
    const session = (await context.cookies(portalUrl)).find((cookie) => cookie.name === '__session')!
    const cookie = `${session.name}=${session.value}`
    const memberPage = (name: string) =>
      fetch(`http://127.0.0.1:${portalPorts[name]}/en/member/campaigns`, { headers: { cookie }, redirect: 'manual' }).then(async (response) => {
        await response.arrayBuffer()
        return response
      })
    for (const name of ['p1', 'p2']) expect((await memberPage(name)).status, name).toBe(200)

    await gotoHydrated(page, '/en/member/campaigns')
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).first().click()
    await page.waitForURL((url) => !url.pathname.startsWith('/en/member'))
    const signedOut = Date.now()
    // Whichever portal the sign-out went through, each refuses the old cookie once its memory of the
    // member's record is older than the window: sent to the login page.
    for (const name of ['p1', 'p2']) {
      let refusal: Response | undefined
      await expectRefusedWithin(name, { since: signedOut, windowMs: WINDOW_SECONDS * 1000 }, async () => {
        const response = await memberPage(name)
        if (response.status === 200) return false
        refusal = response
        return true
      })
      expect(refusal!.status, name).toBeGreaterThanOrEqual(300)
      expect(refusal!.status, name).toBeLessThan(400)
      expect(refusal!.headers.get('location'), name).toMatch(/\/en\/user\/login/)
    }
  })
})
