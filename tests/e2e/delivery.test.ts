// How pages reach the browser: compressed, cacheable where every visitor gets the same thing and
// never where a member's data is, the messages at their own long-lived address, and Firebase's SDK
// only when an account action needs it (signing in, registering, verifying, signing out …), never with a page.
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { Browser, BrowserContext, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../scripts/lib/auth-emulator.mjs'
import { axeViolations, firebaseUsersInBrowser, gotoHydrated, launchBrowser, newContext, takeCspRefusals } from './support/browser'
import { DEMO_MEMBER, DEMO_STAFF, signInThroughUi } from './support/members'
import { startPortal } from './support/portal'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Every response a first visit of the page brings, with its body where it is text. */
async function firstVisit(context: BrowserContext, path: string): Promise<{ page: Page; responses: Response[] }> {
  const page = await context.newPage()
  const responses: Response[] = []
  page.on('response', (response) => responses.push(response))
  await gotoHydrated(page, path)
  await page.waitForLoadState('networkidle')
  return { page, responses }
}

const isText = (response: Response) => /^(text\/|application\/(json|javascript))/.test(response.headers()['content-type'] ?? '')
/** Firebase Auth's SDK names its own API's address; no other code of ours does. */
const FIREBASE_MARKER = 'identitytoolkit.googleapis.com'

describe('a visitor’s public pages', () => {
  /** What a first visit to the home page may download as script, as sent (compressed): 140 KB. */
  const FIRST_VISIT_SCRIPT_BUDGET = 140 * 1024

  it('bring at most 140 KB of script, as sent, on a first visit to the home page', async () => {
    const context = await newContext(browser)
    try {
      const page = await context.newPage()
      const finished: Array<Promise<{ url: string; bytes: number }>> = []
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') finished.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })))
      })
      await gotoHydrated(page, '/en')
      await page.waitForLoadState('networkidle')
      const scripts = await Promise.all(finished)
      const total = scripts.reduce((sum, script) => sum + script.bytes, 0)
      const listing = scripts.map((script) => `${new URL(script.url).pathname} ${script.bytes} B`).join(', ')
      // Sizes as the network saw them: a script that came from no cache has a body.
      expect(
        scripts.filter((script) => script.bytes === 0),
        listing,
      ).toEqual([])
      expect(total, `${total} B in ${scripts.length} files: ${listing}`).toBeLessThanOrEqual(FIRST_VISIT_SCRIPT_BUDGET)
    } finally {
      await context.close()
    }
  })

  it('bring the product pictures of a list of reviews as thumbnails, never at their display size', async () => {
    const context = await newContext(browser)
    try {
      const { responses } = await firstVisit(context, '/en/reviews')
      const pictures = responses.map((r) => new URL(r.url()).pathname).filter((path) => path.startsWith('/images/products/') && path.endsWith('.jpg'))
      expect(pictures.length).toBeGreaterThan(0)
      expect(pictures.filter((path) => !path.endsWith('-thumb.jpg'))).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('arrive compressed, scripts cached for good, with no Firebase SDK and the messages from their own address', async () => {
    const context = await newContext(browser)
    try {
      for (const path of ['/en', '/en/reviews', '/en/how-it-works']) {
        const { page, responses } = await firstVisit(context, path)
        const own = responses.filter((r) => new URL(r.url()).origin === new URL(page.url()).origin && r.status() === 200)
        const texts = own.filter(isText)
        expect(texts.length).toBeGreaterThan(3)
        // Every text response, small ones included (the build's tiny scripts are precompressed too).
        for (const response of texts) {
          if ((await response.body()).length > 0) expect(response.headers()['content-encoding'] ?? 'none', response.url()).toMatch(/^(br|gzip|zstd)$/)
        }
        for (const script of own.filter((r) => r.url().includes('/assets/'))) {
          expect(script.headers()['cache-control'], script.url()).toBe('public, max-age=31536000, immutable')
        }
        const scripts = await Promise.all(own.filter((r) => r.request().resourceType() === 'script').map((r) => r.text()))
        expect(
          scripts.some((body) => body.includes(FIREBASE_MARKER)),
          path,
        ).toBe(false)

        const messages = own.find((r) => /\/_i18n\/[\da-f]{12}\/en\/messages\.json$/.test(r.url()))
        expect(messages, path).toBeDefined()
        expect(messages!.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
        // The words are on the page, not message ids.
        expect(await page.getByRole('link', { name: 'Testers Circle home' }).count()).toBeGreaterThan(0)
        await page.close()
      }
    } finally {
      await context.close()
    }
  })

  it('are cacheable by a CDN and rendered once for a burst of visitors; a member’s never are', async () => {
    const context = await newContext(browser)
    try {
      const first = await context.request.get('/en/how-it-works')
      expect(first.headers()['cache-control']).toBe('public, s-maxage=60, stale-while-revalidate=300')
      expect(first.headers()['vary']).toContain('Cookie')
      // Rendered at most once for the burst: the first visitor's copy, or one render the others wait
      // for if that copy's 10 s had run out meanwhile (an earlier test may have stored it).
      const burst = await Promise.all(Array.from({ length: 5 }, () => context.request.get('/en/how-it-works')))
      expect(burst.filter((r) => r.headers()['x-portal-cache'] !== 'hit').length).toBeLessThanOrEqual(1)

      const member = await context.newPage()
      await signInThroughUi(member, DEMO_MEMBER, '/en/reviews')
      const forMember = await context.request.get('/en/how-it-works')
      expect(forMember.headers()['cache-control']).toBe('private, no-store')
      expect(forMember.headers()['x-portal-cache']).toBeUndefined()
      expect(await forMember.text()).toContain('Sign out')
    } finally {
      await context.close()
    }
  })

  it('load the SDK on the sign-in page only once the visitor signs in', async () => {
    const context = await newContext(browser)
    try {
      const { page, responses } = await firstVisit(context, '/en/user/login')
      const before = await Promise.all(responses.filter((r) => r.request().resourceType() === 'script').map((r) => r.text()))
      expect(before.some((body) => body.includes(FIREBASE_MARKER))).toBe(false)
      expect(await axeViolations(page)).toEqual([])
      await page.getByLabel('E-mail address').fill(DEMO_MEMBER.email)
      await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password)
      const sdk = page.waitForResponse(async (r) => r.request().resourceType() === 'script' && (await r.text()).includes(FIREBASE_MARKER))
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await sdk
      await page.waitForURL((url) => !url.pathname.startsWith('/en/user/login'))
    } finally {
      await context.close()
    }
  })
})

describe('the messages’ address', () => {
  it('serves an older or unknown catalog hash with no-cache, and refuses an unknown locale', async () => {
    const context = await newContext(browser)
    try {
      const stale = await context.request.get('/_i18n/000000000000/en/messages.json')
      expect(stale.status()).toBe(200)
      expect(stale.headers()['cache-control']).toBe('no-cache')
      expect(Object.keys(await stale.json()).length).toBeGreaterThan(100)
      expect((await context.request.get('/_i18n/000000000000/xx/messages.json')).status()).toBe(404)
    } finally {
      await context.close()
    }
  })
})

/** The Auth emulator behind a counter of the user look-ups (revocation checks) made through it. */
async function countingIdentity(): Promise<{ host: string; lookups: () => number; reset: () => void; close: () => Promise<void> }> {
  const [emulatorHost, emulatorPort] = inject('authEmulatorHost').split(':') as [string, string]
  let lookups = 0
  const server: Server = createServer((incoming, outgoing) => {
    if ((incoming.url ?? '').includes('accounts:lookup')) lookups++
    const forward = httpRequest(
      { host: emulatorHost, port: Number(emulatorPort), path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    incoming.pipe(forward)
  })
  const port = await freePort()
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  return {
    host: `127.0.0.1:${port}`,
    lookups: () => lookups,
    reset: () => void (lookups = 0),
    close: () => new Promise((done) => server.close(() => done())),
  }
}

describe('a member page rendered on the server', () => {
  it('asks Firebase about the member once per revocation window, however many pages and server functions', async () => {
    const identity = await countingIdentity()
    // A window short enough to wait out within the test (60 s by default), and long enough for the
    // six pages below to fit in one on a machine several times slower than ours.
    const windowMs = 20_000
    const portal = await startPortal('portal-counting', { FIREBASE_AUTH_EMULATOR_HOST: identity.host, REVOCATION_CHECK_SECONDS: String(windowMs / 1000) })
    const context = await newContext(browser, { baseURL: portal.baseURL })
    try {
      const browserPage = await context.newPage()
      await signInThroughUi(browserPage, DEMO_MEMBER, '/en/member/missions')
      // Only the requests below are counted: the browser's own calls are over, and the record the
      // sign-in looked up is older than the window.
      await browserPage.waitForLoadState('networkidle')
      await browserPage.close()
      await new Promise((done) => setTimeout(done, windowMs))
      identity.reset()
      const started = Date.now()
      // Six pages, each calling several server functions (viewer, member info, missions, points):
      // one look-up of the member for all of them, where checking revocation per request made one
      // or more per page.
      for (let round = 0; round < 2; round++) {
        for (const [path, expected] of [
          ['/en/how-it-works', 'Sign out'],
          ['/en/member/missions', 'Your missions'],
          ['/en/member/missions/rewards', 'Redeem'],
        ] as const) {
          const page = await context.request.get(path)
          expect(page.status()).toBe(200)
          expect(await page.text()).toContain(expected)
        }
      }
      expect(Date.now() - started, 'the six pages took longer than one window').toBeLessThan(windowMs)
      // Once, not never: the window had passed, so the member was looked up again.
      expect(identity.lookups()).toBe(1)
    } finally {
      await context.close()
      await portal.stop()
      await identity.close()
    }
  })
})

/** Whether a request goes to Firebase's API: Google's identity addresses, or the Auth emulator standing in for them. */
function isFirebaseApiRequest(url: string): boolean {
  return /(identitytoolkit|securetoken)\.googleapis\.com/.test(url) || new URL(url).host === inject('authEmulatorHost')
}

describe('security headers', () => {
  /** What every portal response carries (local mode: no HSTS, which production adds). */
  function expectSecure(headers: Record<string, string>, what: string) {
    expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'")
    expect(headers['x-frame-options'], what).toBe('DENY')
    expect(headers['x-content-type-options'], what).toBe('nosniff')
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy'], what).toContain('camera=()')
  }

  it('are on a public page, a member page and a server function’s answer', async () => {
    const context = await newContext(browser)
    try {
      expectSecure((await context.request.get('/en/how-it-works')).headers(), 'public page')
      const page = await context.newPage()
      // Signing in calls a server function (the session is opened on the server).
      const serverFunction = page.waitForResponse((response) => response.url().includes('/_serverFn/'))
      await signInThroughUi(page, DEMO_MEMBER, '/en/member/campaigns')
      expectSecure((await serverFunction).headers(), 'server function')
      const memberPage = await context.request.get('/en/member/missions', { maxRedirects: 0 })
      expect(memberPage.status()).toBe(200)
      expectSecure(memberPage.headers(), 'member page')
    } finally {
      await context.close()
    }
  })

  it('refuse a server-function body larger than a photo, or of no stated length, before reading it', async () => {
    /** Sends only the headers of a POST (no body follows) and reads the status the portal answers with. */
    const statusOf = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(new URL('/_serverFn/any', inject('baseUrl')), { method: 'POST', headers: { 'sec-fetch-site': 'same-origin', ...headers } })
        request.once('response', (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
          request.destroy()
        })
        request.once('error', reject)
        request.flushHeaders()
      })
    expect(await statusOf({ 'content-length': String(50 * 1024 * 1024), 'content-type': 'multipart/form-data; boundary=x' })).toBe(413)
    expect(await statusOf({ 'transfer-encoding': 'chunked', 'content-type': 'multipart/form-data; boundary=x' })).toBe(411)
  })

  it('refuse a server function’s arguments that are not JSON as the caller’s fault (400), not a failure of the portal', async () => {
    const call = (path: string, init: RequestInit = {}) =>
      fetch(new URL(path, inject('baseUrl')), { ...init, headers: { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true', ...init.headers } })
    const json = { 'content-type': 'application/json' }
    expect((await call('/_serverFn/any', { method: 'POST', headers: json, body: '{"data": ' })).status).toBe(400)
    expect((await call('/_serverFn/any', { method: 'POST', headers: json, body: '' })).status).toBe(400)
    expect((await call('/_serverFn/any?payload=%7Bnot')).status).toBe(400)
    // Arguments that are JSON go on to the framework, which knows no function of that name.
    expect((await call('/_serverFn/any', { method: 'POST', headers: json, body: '{}' })).status).not.toBe(400)
    expect((await call('/_serverFn/any?payload=%7B%7D')).status).not.toBe(400)
  })

  it('let only the page’s own scripts run: by nonce on a member’s page, by hash on a shared one', async () => {
    const context = await newContext(browser)
    const scriptSources = (policy: string | undefined) => (policy ?? '').split('; ').find((part) => part.startsWith('script-src ')) ?? ''
    try {
      const visitor = await context.request.get('/en/how-it-works')
      const shared = scriptSources(visitor.headers()['content-security-policy'])
      expect(shared).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/)
      expect(await visitor.text()).not.toContain('nonce=')

      const page = await context.newPage()
      await signInThroughUi(page, DEMO_MEMBER, '/en/member/campaigns')
      const first = await context.request.get('/en/member/missions')
      const nonce = /^script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'$/.exec(scriptSources(first.headers()['content-security-policy']))?.[1]
      expect(nonce).toBeDefined()
      const html = await first.text()
      // Every script of the page carries it, and the next page has another.
      expect(html.match(/<script\b/g)?.length).toBe(html.match(new RegExp(`<script[^>]* nonce="${nonce!.replace(/[+/=]/g, '\\$&')}"`, 'g'))?.length)
      const second = await context.request.get('/en/member/missions')
      expect(scriptSources(second.headers()['content-security-policy'])).not.toContain(nonce!)

      // The browser enforces it: the page works (hydrated), and a script put into it runs not.
      await gotoHydrated(page, '/en/member/missions')
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script')
        script.textContent = 'window.__injected = true'
        document.body.append(script)
        await new Promise((done) => setTimeout(done, 100))
        return (window as unknown as { __injected?: boolean }).__injected === true
      })
      expect(ran).toBe(false)
      expect(takeCspRefusals()).toEqual([expect.stringMatching(/inline script/)])
    } finally {
      await context.close()
    }
  })
})

// Last in this file: signing out from the header revokes the demo member's sessions on the server.
describe('a signed-in member’s pages', () => {
  it('load no Firebase SDK and ask Firebase nothing; signing out from the header loads it and works', async () => {
    const context = await newContext(browser)
    try {
      const signIn = await context.newPage()
      await signInThroughUi(signIn, DEMO_MEMBER, '/en/member/campaigns')
      await signIn.waitForLoadState('networkidle')
      // Firebase keeps the member in this browser: a page that loaded it would restore them.
      expect(await firebaseUsersInBrowser(signIn)).toBe(1)
      await signIn.close()

      const firebaseRequests: string[] = []
      context.on('request', (request) => {
        if (isFirebaseApiRequest(request.url())) firebaseRequests.push(request.url())
      })
      let page: Page | undefined
      for (const path of ['/en/member/campaigns', '/en/member/profile']) {
        await page?.close()
        const visit = await firstVisit(context, path)
        page = visit.page
        expect(new URL(page.url()).pathname, path).toBe(path)
        expect(await page.getByTestId('member-name').textContent(), path).toBeTruthy()
        const scripts = await Promise.all(visit.responses.filter((r) => r.request().resourceType() === 'script').map((r) => r.text()))
        expect(scripts.length, path).toBeGreaterThan(3)
        expect(
          scripts.some((body) => body.includes(FIREBASE_MARKER)),
          path,
        ).toBe(false)
        // A page reached in the browser gets its data through server functions on the session cookie.
        await page.getByRole('banner').getByRole('link', { name: 'Missions' }).click()
        await page.getByRole('heading', { name: 'Your missions' }).waitFor()
        await page.waitForLoadState('networkidle')
        expect(firebaseRequests, path).toEqual([])
      }

      // Signing out needs Firebase: it comes now, and signs the member out of Firebase and the server.
      const sdk = page!.waitForResponse(async (r) => r.request().resourceType() === 'script' && (await r.text()).includes(FIREBASE_MARKER))
      await page!.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
      await sdk
      await page!.getByRole('banner').getByRole('link', { name: 'Sign in' }).first().waitFor()
      await expect.poll(() => firebaseUsersInBrowser(page!), { interval: 200 }).toBe(0)
      const response = await context.request.get('/en/member/missions', { maxRedirects: 0 })
      expect(response.status()).toBe(302)
      expect(response.headers().location).toBe('/en/user/login?redirect=%2Fen%2Fmember%2Fmissions')
    } finally {
      await context.close()
    }
  })
})

/**
 * Strings only the operator console's code holds: the moderators' photo address and the table
 * library's grid (the test shows they are in the moderation page's scripts), and its guard's query
 * key (the guard runs on the server for a page the server renders).
 */
const CONSOLE_MARKERS = ['ops-review-photos', 'getHeaderGroups', 'staff-self']
const consoleMarkersIn = (scripts: string[]) => CONSOLE_MARKERS.filter((marker) => scripts.some((body) => body.includes(marker)))

describe('the operator console’s code', () => {
  it('is downloaded on the console’s pages only, not with public or member pages', async () => {
    const context = await newContext(browser)
    try {
      const scriptsOf = async (path: string) => {
        const visit = await firstVisit(context, path)
        const scripts = await Promise.all(visit.responses.filter((r) => r.request().resourceType() === 'script').map((r) => r.text()))
        await visit.page.close()
        return scripts
      }
      for (const path of ['/en', '/en/reviews', '/en/how-it-works']) expect(consoleMarkersIn(await scriptsOf(path)), path).toEqual([])
      const signIn = await context.newPage()
      // Signed in by way of the console, so the session has passed its second factor.
      await signInThroughUi(signIn, DEMO_STAFF, '/en/ops/reviews')
      await signIn.close()
      // A staff person on member pages gets them without the console either.
      for (const path of ['/en/member/profile', '/en/member/missions']) expect(consoleMarkersIn(await scriptsOf(path)), path).toEqual([])
      expect(consoleMarkersIn(await scriptsOf('/en/ops/reviews'))).toEqual(expect.arrayContaining(['ops-review-photos', 'getHeaderGroups']))
    } finally {
      await context.close()
    }
  })
})
