// The operator command line, run as an operator runs it, on an embedded database of its own.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ParticipationSchema } from '../contract/participations'
import { ADDRESS_PATH, PROCESS_SIGNUP_PATH } from '../contract/paths'
import { freePort } from '../scripts/lib/auth-emulator.mjs'
import { openDatabase } from './db/client'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from './test/fixtures'
import { call, createHarness, expectOk } from './test/harness'
import { createTestMember } from './test/members'
import { loadConfig } from './config'
import { enrolKnownAuthenticator } from './services/second-factor'
import { generate } from 'otplib'

const root = resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(join(tmpdir(), 'ops-cli-'))
let campaign: CampaignFixture
const ids: Record<'ada' | 'bob' | 'cy', string> = { ada: '', bob: '', cy: '' }
const emails: Record<'ada' | 'bob' | 'cy', string> = { ada: '', bob: '', cy: '' }
const uids: Record<'ada' | 'bob' | 'cy', string> = { ada: '', bob: '', cy: '' }
/** Bob's authenticator's setup key, sealed as local mode seals it (its command line reads it back). */
const BOB_KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

/**
 * Each command starts a process that compiles the command line and opens the database: seconds on
 * a quiet machine, many times that on a busy one. A limit on waiting, not a duration the test needs.
 */
const COMMANDS_MS = 300_000

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env
  return rest
}

/** Runs `suite/ops.ts` with the arguments; nothing listens on its port, so it opens the database itself. */
async function ops(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const port = String(await freePort())
  const child = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'suite/ops.ts'), ...args], {
    cwd: root,
    env: { ...withoutDatabaseUrl(process.env), SUITE_DATA_DIR: dataDir, SUITE_PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  return { code, stdout, stderr }
}

beforeAll(async () => {
  const h = await createHarness({ database: await openDatabase({ kind: 'pglite', dataDir }) })
  try {
    campaign = await createCampaign(h.deps.db, h.clock.now(), { quota: 1 })
    for (const name of ['ada', 'bob', 'cy'] as const) {
      // Confirmed addresses: the command line gives roles to them only.
      const member = await createTestMember({ displayName: name, emailVerified: true })
      emails[name] = member.email
      uids[name] = member.uid
      await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
      ids[name] = expectOk(
        await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } }),
        ParticipationSchema,
        201,
      ).id
    }
    const localKey = loadConfig({ SUITE_MODE: 'local' }).secondFactorKey
    await enrolKnownAuthenticator({ ...h.deps, settings: { ...h.deps.settings, secondFactorKey: localKey } }, uids.bob, BOB_KEY, 'Phone')
  } finally {
    await h.close()
  }
}, COMMANDS_MS)
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the operator command line', () => {
  it(
    'lists the waitlist with each member’s place, and the selected testers, by campaign',
    async () => {
      const waitlisted = await ops('list', 'waitlisted', '--campaign', campaign.slug)
      expect(waitlisted.code, waitlisted.stderr).toBe(0)
      expect(JSON.parse(waitlisted.stdout)).toMatchObject([
        { participationId: ids.bob, campaign: campaign.slug, member: 'bob', status: 'waitlisted', place: 1 },
        { participationId: ids.cy, campaign: campaign.slug, member: 'cy', status: 'waitlisted', place: 2 },
      ])
      const selected = await ops('list', 'selected', '--campaign', campaign.slug)
      expect(JSON.parse(selected.stdout)).toMatchObject([{ participationId: ids.ada, member: 'ada', status: 'selected' }])
      expect(JSON.parse(selected.stdout)[0]).not.toHaveProperty('place')
      expect(JSON.parse((await ops('list', 'waitlisted', '--campaign', 'no-such-campaign')).stdout)).toEqual([])
    },
    COMMANDS_MS,
  )

  it(
    'shows a member’s standing, and opens a campaign only to a tier',
    async () => {
      const standing = await ops('standing', emails.ada)
      expect(standing.code, standing.stderr).toBe(0)
      expect(JSON.parse(standing.stdout)).toMatchObject({ member: 'ada', score: 0, tier: 'newcomer', next: { tier: 'tester', pointsToGo: 10 } })
      const set = await ops('set-min-tier', campaign.slug, 'trusted')
      expect(set.code, set.stderr).toBe(0)
      expect(JSON.parse(set.stdout)).toEqual({ campaign: campaign.slug, minTier: 'trusted' })
      const wrong = await ops('set-min-tier', campaign.slug, 'gold')
      expect(wrong.code).toBe(1)
      expect(wrong.stderr).toContain('must be newcomer, tester, trusted, top or none')
      expect(JSON.parse((await ops('set-min-tier', campaign.slug, 'none')).stdout)).toEqual({ campaign: campaign.slug, minTier: null })
    },
    COMMANDS_MS,
  )

  it(
    'refuses a list it does not know, and its help names the lists that lead to each step',
    async () => {
      const unknown = await ops('list', 'applied')
      expect(unknown.code).toBe(1)
      expect(unknown.stderr).toContain('list waitlisted')
      const help = await ops('help')
      expect(help.stdout).toMatch(/list waitlisted → select/)
    },
    COMMANDS_MS,
  )

  it(
    'creates a campaign from a JSON definition as the console does, and refuses one the console would refuse',
    async () => {
      const products = JSON.parse((await ops('list', 'products')).stdout) as { productId: string; name: string }[]
      expect(products.length).toBeGreaterThan(0)
      const definition = {
        campaign: {
          title: 'Made on the command line',
          slug: 'made-on-the-command-line',
          summary: 'A campaign from a definition file.',
          description: 'Written by an operator in a JSON file.\n\n- One product\n- One flight',
          kind: 'free-product',
          selectionMode: 'curated',
          productId: products[0]!.productId,
          eligibility: {
            countries: ['GB'],
            minAge: null,
            phoneVerifiedRequired: false,
            socialProfileRequired: false,
            interests: [],
            pets: [],
            children: null,
            minTier: 'tester',
          },
          screener: [],
          tasks: { questionnaire: false, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false },
        },
        flights: [
          {
            name: 'Wave 1',
            signupOpensAt: '2031-03-01T09:00:00.000Z',
            signupClosesAt: '2031-03-10T09:00:00.000Z',
            testingStartsAt: '2031-03-15T09:00:00.000Z',
            reviewDueAt: '2031-04-15T09:00:00.000Z',
            quota: 12,
          },
        ],
        publish: true,
        productIdentifiers: { gtin: '4006381333931', mpn: 'CLI-100', sku: null },
      }
      const file = join(dataDir, 'campaign.json')
      writeFileSync(file, JSON.stringify(definition))
      const made = await ops('campaign', 'create', file)
      expect(made.code, made.stderr).toBe(0)
      expect(JSON.parse(made.stdout)).toMatchObject({
        status: 'published',
        selectionMode: 'curated',
        flights: [{ name: 'Wave 1', quota: 12 }],
        updatedBy: expect.stringContaining('command line'),
      })
      // The file's identifiers are the product's now, as its page's structured data names them.
      const listed = JSON.parse((await ops('list', 'products')).stdout) as { productId: string; gtin: string | null; mpn: string | null; sku: string | null }[]
      expect(listed.find((p) => p.productId === products[0]!.productId)).toMatchObject({ gtin: '4006381333931', mpn: 'CLI-100', sku: null })

      // A definition that could not be published as asked is refused before anything is written.
      writeFileSync(
        file,
        JSON.stringify({
          ...definition,
          campaign: { ...definition.campaign, slug: 'no-review-asked', tasks: { ...definition.campaign.tasks, review: false } },
        }),
      )
      const unpublishable = await ops('campaign', 'create', file)
      expect(unpublishable.code).toBe(1)
      expect(unpublishable.stderr).toContain('it needs review-task')
      // Nothing was left behind: the same address is free for the corrected file.
      writeFileSync(file, JSON.stringify({ ...definition, campaign: { ...definition.campaign, slug: 'no-review-asked' } }))
      expect((await ops('campaign', 'create', file)).code).toBe(0)

      const flights = [{ ...definition.flights[0]!, signupClosesAt: '2031-02-01T09:00:00.000Z' }]
      writeFileSync(file, JSON.stringify({ ...definition, campaign: { ...definition.campaign, slug: 'out-of-order' }, flights }))
      const refused = await ops('campaign', 'create', file)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain('must be after sign-up opens')

      writeFileSync(
        file,
        JSON.stringify({ ...definition, campaign: { ...definition.campaign, slug: 'wrong-gtin' }, productIdentifiers: { gtin: '4006381333932' } }),
      )
      const wrongGtin = await ops('campaign', 'create', file)
      expect(wrongGtin.code).toBe(1)
      expect(wrongGtin.stderr).toContain('check digit')
    },
    COMMANDS_MS,
  )

  it(
    "prints the code an account's authenticator shows now (local mode), and resets someone's second factors",
    async () => {
      const before = Math.floor(Date.now() / 1000)
      const printed = await ops('second-factor-code', emails.bob)
      expect(printed.code, printed.stderr).toBe(0)
      const after = Math.floor(Date.now() / 1000)
      // The code of a period between the command's start and its end (a slow start may cross one).
      const expected = await Promise.all([before, after].map((epoch) => generate({ secret: BOB_KEY, epoch })))
      expect(expected).toContain(JSON.parse(printed.stdout).code)

      const reset = await ops('staff', 'reset-second-factor', emails.bob)
      expect(reset.code, reset.stderr).toBe(0)
      expect(JSON.parse(reset.stdout)).toMatchObject({ email: emails.bob, removed: 1 })
      const none = await ops('second-factor-code', emails.bob)
      expect(none.code).toBe(1)
      expect(none.stderr).toContain('Authenticator not found')
    },
    COMMANDS_MS,
  )

  it(
    'suspends a member with a reason, refuses one without a note for "other", and lifts it',
    async () => {
      const noNote = await ops('suspend', emails.cy, '--reason', 'other')
      expect(noNote.code).toBe(1)
      expect(noNote.stderr).toContain('say why with --note')
      const suspended = await ops('suspend', emails.cy, '--reason', 'several-accounts', '--note', 'Second account at one address')
      expect(suspended.code, suspended.stderr).toBe(0)
      expect(JSON.parse(suspended.stdout)).toMatchObject({
        suspension: { reason: 'several-accounts', note: 'Second account at one address', until: null, suspendedBy: 'cli', inForce: true },
        // Cy's application, waitlisted behind the one place, is released.
        released: 1,
      })
      const again = await ops('suspend', emails.cy, '--reason', 'false-review')
      expect(again.code).toBe(1)
      expect(again.stderr).toContain('suspended already')
      const lifted = await ops('lift-suspension', emails.cy)
      expect(lifted.code, lifted.stderr).toBe(0)
      expect(JSON.parse(lifted.stdout)).toMatchObject({ suspension: { reason: 'several-accounts', inForce: false } })
    },
    COMMANDS_MS,
  )

  it(
    'grants, lists and revokes console roles by e-mail, as the first admin is made, and refuses what cannot be done',
    async () => {
      const granted = await ops('staff', 'grant', emails.ada, 'admin')
      expect(granted.code, granted.stderr).toBe(0)
      expect(JSON.parse(granted.stdout)).toMatchObject({ email: emails.ada, role: 'admin', changed: true })
      const listed = JSON.parse((await ops('staff', 'list')).stdout) as { items: { email: string; roles: { role: string; grantedBy: string }[] }[] }
      expect(listed.items.find((item) => item.email === emails.ada)?.roles).toEqual([expect.objectContaining({ role: 'admin', grantedBy: 'cli' })])
      const nobody = await ops('staff', 'grant', 'nobody-signs-in@example.test', 'admin')
      expect(nobody.code).toBe(1)
      expect(nobody.stderr).toContain('No account signs in with nobody-signs-in@example.test')
      const badRole = await ops('staff', 'grant', emails.ada, 'superuser')
      expect(badRole.code).toBe(1)
      expect(badRole.stderr).toContain('must be one of: admin, campaign-manager, moderator, fulfilment, support')
      expect(JSON.parse((await ops('staff', 'revoke', emails.ada, 'admin')).stdout)).toMatchObject({ changed: true })
    },
    COMMANDS_MS,
  )
})
