// No one account drains the product with exports: at most EXPORTS_AT_ONCE running at once and
// EXPORTS_PER_HOUR started in an hour per person, staff and brand alike, refused with the reason
// `export-limit` before anything is read; and every export of personal data is in the audit log
// with its filters.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { fillPath } from '../../contract/paths'
import { EXPORTS_AT_ONCE, EXPORTS_PER_HOUR } from '../../contract/staff'
import { auditLog } from '../db/schema'
import { hit } from '../services/rate-limit'
import { createCampaign, insertReviews, type CampaignFixture } from '../test/fixtures'
import { createHarness, credentialHeaders, type Harness } from '../test/harness'
import type { TestMember } from '../test/members'
import { createTestBrandViewer, createTestStaff } from '../test/staff'
import { exportsRunning } from './export-limits'

let h: Harness
let campaign: CampaignFixture

beforeAll(async () => {
  h = await createHarness()
  campaign = await createCampaign(h.deps.db, h.clock.now(), { phase: 'completed' })
  await insertReviews(h.deps.db, h.clock.now(), campaign, 3, { tag: 'limits' })
})
afterAll(() => h?.close())

const get = (path: string, person: TestMember, query = '') => h.app.request(`/${path}${query}`, { headers: credentialHeaders(person.bearer) })
const staffCsv = (person: TestMember) => get(fillPath(ENDPOINTS.opsCampaignReviewsCsv.path, { id: campaign.campaignId }), person)
const brandZip = (person: TestMember) => get(fillPath(ENDPOINTS.brandCampaignPhotosZip.path, { id: campaign.campaignId }), person)

async function expectLimit(response: Response, limit: 'at-once' | 'per-hour') {
  expect(response.status).toBe(429)
  const body = (await response.json()) as { status: string; reason: { code: string; limit: string; retryAfterSeconds: number } }
  expect(body.status).toBe('RATE_LIMITED')
  expect(body.reason).toEqual({ code: 'export-limit', limit, retryAfterSeconds: expect.any(Number) })
  expect(Number(response.headers.get('retry-after'))).toBe(body.reason.retryAfterSeconds)
}

describe("one person's exports", () => {
  it(`runs at most ${EXPORTS_AT_ONCE} at once: the next is refused until one ends, whoever else is exporting`, async () => {
    const manager = await createTestStaff(h.deps.db, ['campaign-manager'])
    const colleague = await createTestStaff(h.deps.db, ['campaign-manager'])
    // Started, and not yet read: both are running.
    const running = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE }, () => staffCsv(manager)))
    for (const response of running) expect(response.status).toBe(200)
    expect(exportsRunning(manager.uid)).toBe(EXPORTS_AT_ONCE)
    const audited = async () => (await h.deps.db.select().from(auditLog).where(eq(auditLog.actorUid, manager.uid))).length
    const before = await audited()
    await expectLimit(await staffCsv(manager), 'at-once')
    // Refused before anything was read or written.
    expect(await audited()).toBe(before)
    // Another person is not held back by the first one's exports.
    const other = await staffCsv(colleague)
    expect(other.status).toBe(200)
    await other.text()

    // One read to its end, one given up by its reader: both count no more.
    expect(await running[0]!.text()).toContain('Review')
    await running[1]!.body!.cancel()
    expect(exportsRunning(manager.uid)).toBe(0)
    const again = await staffCsv(manager)
    expect(again.status).toBe(200)
    await again.text()
  })

  it(`starts at most ${EXPORTS_PER_HOUR} in an hour, counted in the database so it holds across member-API processes`, async () => {
    const viewer = await createTestBrandViewer(h.deps.db, 'Testbrand')
    // Another process took all but two of this hour's exports for the same person.
    for (let i = 0; i < EXPORTS_PER_HOUR - 2; i++) await hit(h.deps.db, `exports:${viewer.uid}`, 3600_000, h.clock.now())
    for (let i = 0; i < 2; i++) {
      const zip = await brandZip(viewer)
      expect(zip.status).toBe(200)
      await zip.arrayBuffer()
    }
    await expectLimit(await brandZip(viewer), 'per-hour')
    await expectLimit(await get(fillPath(ENDPOINTS.brandCampaignReviewsJson.path, { id: campaign.campaignId }), viewer), 'per-hour')
    // The next hour starts a new count.
    h.clock.advance(3600_000)
    const zip = await brandZip(viewer)
    expect(zip.status).toBe(200)
    await zip.arrayBuffer()
  })

  it("limits the pending parcels' and the audit log's exports too, and writes each to the audit log with its filters", async () => {
    const fulfilment = await createTestStaff(h.deps.db, ['fulfilment'])
    const shipments = await get(ENDPOINTS.opsPendingShipmentsCsv.path, fulfilment, `?campaign=${campaign.slug}`)
    expect(shipments.status).toBe(200)
    await shipments.text()
    const admin = await createTestStaff(h.deps.db, ['admin'])
    const from = new Date(h.clock.now().getTime() - 86_400_000).toISOString()
    const log = await get(ENDPOINTS.opsAuditExport.path, admin, `?action=shipment.export-pending&from=${encodeURIComponent(from)}`)
    expect(log.status).toBe(200)
    // The export of the parcels is in the file; the log's own export is written before it is read.
    expect(await log.text()).toContain(fulfilment.uid)
    const entries = async (uid: string) =>
      (await h.deps.db.select().from(auditLog).where(eq(auditLog.actorUid, uid))).map((entry) => [entry.action, entry.targetType, entry.changes.after])
    expect(await entries(fulfilment.uid)).toEqual([['shipment.export-pending', 'shipment', { campaign: campaign.slug }]])
    expect(await entries(admin.uid)).toEqual([['audit.export', 'audit', { action: 'shipment.export-pending', from }]])

    const running = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE }, () => get(ENDPOINTS.opsAuditExport.path, admin)))
    for (const response of running) expect(response.status).toBe(200)
    await expectLimit(await get(ENDPOINTS.opsAuditExport.path, admin), 'at-once')
    for (const response of running) await response.body!.cancel()
  })
})
