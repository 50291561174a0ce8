// Review photos at the member API: the type read from the bytes, the size limit, five at most,
// every metadata field gone from what is stored, the files in the local photo directory, and a
// photo public only once its review is published.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PublicReviewPageSchema } from '../../contract/campaigns'
import { MemberReviewSchema, RcProductSchema } from '../../contract/content'
import { PseudonymizeResultSchema } from '../../contract/members'
import { ParticipationSchema } from '../../contract/participations'
import {
  ADDRESS_PATH,
  FLIGHT_REVIEW_PATH,
  PROCESS_SIGNUP_PATH,
  PSEUDONYMIZE_PATH,
  PUBLIC_REVIEW_PATH,
  PUBLIC_REVIEW_PHOTO_PATH,
  RC_PRODUCT_PATH,
  REVIEW_PHOTO_FILE_PATH,
  REVIEW_PHOTO_PATH,
  REVIEW_PHOTOS_PATH,
  fillPath,
} from '../../contract/paths'
import {
  PHOTO_MAX_BYTES,
  PHOTO_REFUSED,
  PHOTO_UPLOADS_PER_HOUR,
  PhotoDeletedSchema,
  UploadedPhotoSchema,
  type UploadedPhoto,
} from '../../contract/review-photos'
import { approveReview, deliver, rejectReview, ship } from '../services/operations'
import { commandLineActor } from '../actors/actor'
import { imageWorkLimit } from '../services/image-work'
import { localPhotoStorage } from '../services/photo-storage'
import { createCampaign, GOOD_ADDRESS, type CampaignFixture } from '../test/fixtures'
import { call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import { createTestMember, type TestMember } from '../test/members'

let h: Harness
let photoDir: string
let ada: TestMember
let bob: TestMember
let campaign: CampaignFixture

/** A delivered participation of the member in a new campaign: its review can be written. */
async function reviewableParticipation(member: TestMember): Promise<string> {
  await call(h.app, 'PUT', ADDRESS_PATH, { token: member.bearer, body: GOOD_ADDRESS })
  const p = expectOk(
    await call(h.app, 'POST', PROCESS_SIGNUP_PATH, { token: member.bearer, body: { campaignId: campaign.campaignId } }),
    ParticipationSchema,
    201,
  )
  await ship(h.deps, p.id, 'DHL', `JD${Math.floor(Math.random() * 1e9)}`, commandLineActor())
  await deliver(h.deps, p.id, commandLineActor())
  return p.id
}

/** Sends a file's bytes as the portal does, with whatever type and name the browser claimed. */
async function upload(member: TestMember | null, participationId: string, bytes: Uint8Array | ReadableStream<Uint8Array>, claimed = 'image/jpeg') {
  const response = await h.app.request(
    `/${REVIEW_PHOTOS_PATH}?participationId=${participationId}`,
    {
      method: 'POST',
      headers: { 'content-type': claimed, 'content-disposition': 'attachment; filename="holiday.jpg"', ...(member && { authorization: member.bearer }) },
      body: bytes,
      ...(bytes instanceof ReadableStream && { duplex: 'half' }),
    } as RequestInit,
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  )
  const json: unknown = await response.json()
  return { status: response.status, headers: response.headers, json }
}

const uploaded = async (member: TestMember, participationId: string, bytes: Uint8Array): Promise<UploadedPhoto> =>
  expectOk(await upload(member, participationId, bytes), UploadedPhotoSchema, 201)

/** Every file in the photo directory, as paths below it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(photoDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(photoDir.length + 1))
    .sort()
}
const stored = (id: string, size: 'display' | 'thumb') => readFile(join(photoDir, 'review-photos', id, `${size}.jpg`))

/** A picture of `width`×`height` with some detail in it (an even colour compresses to nothing). */
function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256], (y * width + x) * 3)
  return sharp(raw, { raw: { width, height, channels: 3 } })
}

/** A JPEG as a phone writes one: where it was taken (GPS), the camera, XMP and a wide-gamut colour profile. */
const phoneJpeg = (width = 2400, height = 1800, orientation = 1) =>
  picture(width, height)
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Phonemaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1200/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .withMetadata({ orientation })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .jpeg()
    .toBuffer()

async function expectNoMetadata(bytes: Buffer) {
  const meta = await sharp(bytes).metadata()
  expect(meta.format).toBe('jpeg')
  expect(meta).not.toHaveProperty('exif')
  expect(meta).not.toHaveProperty('icc')
  expect(meta).not.toHaveProperty('xmp')
  expect(meta).not.toHaveProperty('iptc')
  expect(meta.orientation).toBeUndefined()
  expect(bytes.includes('Phonemaker')).toBe(false)
  return meta
}

beforeAll(async () => {
  photoDir = await mkdtemp(join(tmpdir(), 'review-photos-'))
  ;[h, ada, bob] = await Promise.all([
    // Two images at once and two waiting, whatever the machine: the line's test fills both.
    createHarness({ photoStorage: localPhotoStorage(photoDir), imageWork: imageWorkLimit({ concurrent: 2, waiting: 2 }) }),
    createTestMember({ displayName: 'Ada P.' }),
    createTestMember({ displayName: 'Bob P.' }),
  ])
  campaign = await createCampaign(h.deps.db, h.clock.now())
}, 180_000)
afterAll(async () => {
  await h?.close()
  await rm(photoDir, { recursive: true, force: true })
})

describe('an uploaded photo', () => {
  it('is stored re-encoded in two sizes, upright, with no EXIF (no GPS), ICC, XMP or IPTC left', async () => {
    const participationId = await reviewableParticipation(ada)
    const original = await phoneJpeg()
    const before = await sharp(original).metadata()
    expect(before).toMatchObject({ exif: expect.any(Buffer), icc: expect.any(Buffer), xmp: expect.any(Buffer) })
    expect(before.exif?.includes('Phonemaker')).toBe(true)

    const photo = await uploaded(ada, participationId, original)
    expect(photo).toMatchObject({ width: 1600, height: 1200 })
    expect(await storedFiles()).toEqual([`review-photos/${photo.id}/display.jpg`, `review-photos/${photo.id}/thumb.jpg`])
    expect(await expectNoMetadata(await stored(photo.id, 'display'))).toMatchObject({ width: 1600, height: 1200 })
    expect(await expectNoMetadata(await stored(photo.id, 'thumb'))).toMatchObject({ width: 400, height: 300 })

    // Turned as the camera said (orientation 6: a quarter turn clockwise) before the tag went.
    const turned = await uploaded(ada, participationId, await phoneJpeg(600, 400, 6))
    expect(turned).toMatchObject({ width: 400, height: 600 })
    expect(await expectNoMetadata(await stored(turned.id, 'thumb'))).toMatchObject({ width: 267, height: 400 })

    // The member sees their own photo through the member API; nobody else does, signed in or not.
    const own = await h.app.request(`/${fillPath(REVIEW_PHOTO_FILE_PATH, { id: photo.id, size: 'thumb' })}`, { headers: { authorization: ada.bearer } })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await own.arrayBuffer()).equals(await stored(photo.id, 'thumb'))).toBe(true)
    expectError(await call(h.app, 'GET', fillPath(REVIEW_PHOTO_FILE_PATH, { id: photo.id, size: 'thumb' }), { token: bob.bearer }), 'NOT_FOUND', 404)
    expectError(await call(h.app, 'GET', fillPath(REVIEW_PHOTO_FILE_PATH, { id: photo.id, size: 'thumb' })), 'UNAUTHENTICATED', 401)
    expectError(await call(h.app, 'GET', fillPath(REVIEW_PHOTO_FILE_PATH, { id: photo.id, size: 'original' }), { token: ada.bearer }), 'NOT_FOUND', 404)
    // Not published: not public.
    expectError(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PHOTO_PATH, { id: photo.id, size: 'display' })), 'NOT_FOUND', 404)

    // Removed from the draft: the row and both files are gone.
    for (const id of [photo.id, turned.id])
      expectOk(await call(h.app, 'DELETE', fillPath(REVIEW_PHOTO_PATH, { id }), { token: ada.bearer }), PhotoDeletedSchema)
    expect(await storedFiles()).toEqual([])
    expectError(await call(h.app, 'DELETE', fillPath(REVIEW_PHOTO_PATH, { id: photo.id }), { token: ada.bearer }), 'NOT_FOUND', 404)
  })

  it('is recognised by its bytes, not by its name or the type the browser claimed', async () => {
    const participationId = await reviewableParticipation(bob)
    // A PNG called holiday.jpg and sent as image/jpeg is taken as the PNG it is (and stored as JPEG).
    const png = await picture(320, 240).png().toBuffer()
    const fromPng = await uploaded(bob, participationId, png)
    expect(fromPng).toMatchObject({ width: 320, height: 240 })
    await expectNoMetadata(await stored(fromPng.id, 'display'))
    // WebP and HEIC (an iPhone's photo, here with GPS in its EXIF; decoded by libheif, not sharp).
    const webp = await uploaded(bob, participationId, await picture(300, 200).webp().toBuffer())
    expect(webp).toMatchObject({ width: 300, height: 200 })
    const heic = await uploaded(bob, participationId, await readFile(join(import.meta.dirname, '../test/fixtures/gps.heic')))
    expect(heic).toMatchObject({ width: 96, height: 64 })
    await expectNoMetadata(await stored(heic.id, 'display'))

    const before = await storedFiles()
    const refusedAs = async (bytes: Uint8Array, reason: 'type' | 'size' | 'unreadable', claimed?: string) => {
      const refused = expectError(await upload(bob, participationId, bytes, claimed), 'BAD_REQUEST', 400)
      expect(refused.fields).toEqual({ photo: [PHOTO_REFUSED[reason]] })
      expect(refused.reason).toEqual({ code: 'image-refused', problem: reason })
    }
    // A text file named holiday.jpg and claimed to be a JPEG.
    await refusedAs(new TextEncoder().encode('These are not the pixels you are looking for.'), 'type')
    // Formats the member API does not take: GIF, TIFF, SVG (which could carry script).
    await refusedAs(await picture(20, 20).gif().toBuffer(), 'type', 'image/gif')
    await refusedAs(await picture(20, 20).tiff().toBuffer(), 'type')
    await refusedAs(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'type', 'image/svg+xml')
    await refusedAs(new Uint8Array(), 'type')
    // The signature of a JPEG or a HEIC, but no picture behind it.
    await refusedAs(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]), 'unreadable')
    await refusedAs(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12), Buffer.from('garbage')]), 'unreadable')
    expect(await storedFiles()).toEqual(before)
  })

  it('is refused over the size limit, whether the length is declared or not, and nothing is stored', async () => {
    const participationId = await reviewableParticipation(await createTestMember())
    const before = await storedFiles()
    const tooLarge = new Uint8Array(PHOTO_MAX_BYTES + 1)
    tooLarge.set([0xff, 0xd8, 0xff])
    const member = await createTestMember()
    const pid = await reviewableParticipation(member)
    expect(expectError(await upload(member, pid, tooLarge), 'BAD_REQUEST', 400).fields).toEqual({ photo: [PHOTO_REFUSED.size] })
    // Sent in chunks with no length: counted as it comes.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1024 * 1024))
        controller.close()
      },
    })
    expect(expectError(await upload(member, pid, chunks), 'BAD_REQUEST', 400).fields).toEqual({ photo: [PHOTO_REFUSED.size] })
    // Signed out: refused before the body is read.
    expectError(await upload(null, participationId, tooLarge), 'UNAUTHENTICATED', 401)
    // Another member's participation, or one that is no id.
    expectError(await upload(member, participationId, await phoneJpeg(40, 30)), 'NOT_FOUND', 404)
    expectError(await upload(member, 'not-an-id', await phoneJpeg(40, 30)), 'BAD_REQUEST', 400)
    expect(await storedFiles()).toEqual(before)
  })
})

describe('a review with photos', () => {
  it('takes five photos at most: the sixth is refused and nothing of it is stored', async () => {
    const member = await createTestMember()
    const participationId = await reviewableParticipation(member)
    const small = await phoneJpeg(64, 48)
    const before = (await storedFiles()).length
    const five = []
    for (let i = 0; i < 5; i++) five.push(await uploaded(member, participationId, small))
    expect((await storedFiles()).length).toBe(before + 10)
    const sixth = expectError(await upload(member, participationId, small), 'CONFLICT', 409)
    expect(sixth.fields).toEqual({ photo: [PHOTO_REFUSED.count] })
    expect(sixth.reason).toEqual({ code: 'image-refused', problem: 'count' })
    expect((await storedFiles()).length).toBe(before + 10)
    // The review page's data lists them, oldest first.
    const rc = expectOk(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: member.bearer, query: { productId: campaign.productId, campaignId: campaign.campaignId } }),
      RcProductSchema,
    )
    expect(rc.photos.map((p) => p.id)).toEqual(five.map((p) => p.id))
    // Removing one makes room for another.
    expectOk(await call(h.app, 'DELETE', fillPath(REVIEW_PHOTO_PATH, { id: five[0]!.id }), { token: member.bearer }), PhotoDeletedSchema)
    await uploaded(member, participationId, small)
  })

  it('keeps the photos sent with it in order with their descriptions, drops the others, and shows them only once published', async () => {
    const member = await createTestMember({ displayName: 'Cleo P.' })
    const participationId = await reviewableParticipation(member)
    const [first, second, third] = [
      await uploaded(member, participationId, await phoneJpeg(800, 600)),
      await uploaded(member, participationId, await phoneJpeg(600, 800)),
      await uploaded(member, participationId, await phoneJpeg(500, 500)),
    ]
    const review = {
      participationId,
      rating: 5,
      title: 'Pours like a dream',
      body: 'I used it every morning for three weeks; the spout never dripped once and it kept the coffee hot.',
      receivedForFree: true,
    }
    const send = (photos: Array<{ id: string; alt: string }>) => call(h.app, 'POST', FLIGHT_REVIEW_PATH, { token: member.bearer, body: { ...review, photos } })

    // Every photo needs its description; only the participation's own uploads can be named, each once.
    expect(Object.keys(expectError(await send([{ id: first!.id, alt: '  ' }]), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['photos.0.alt'])
    expect(Object.keys(expectError(await send([{ id: crypto.randomUUID(), alt: 'Mine?' }]), 'BAD_REQUEST', 400).fields ?? {})).toEqual(['photos.0.id'])
    expectError(
      await send([
        { id: first!.id, alt: 'Once' },
        { id: first!.id, alt: 'Twice' },
      ]),
      'BAD_REQUEST',
      400,
    )

    const sent = expectOk(
      await send([
        { id: third!.id, alt: ' The kettle on the hob ' },
        { id: first!.id, alt: 'Pouring a cup' },
      ]),
      MemberReviewSchema,
      201,
    )
    expect(sent.photos).toEqual([
      { id: third!.id, alt: 'The kettle on the hob' },
      { id: first!.id, alt: 'Pouring a cup' },
    ])
    // The upload left out of the review is deleted, files and all.
    const files = await storedFiles()
    expect(files.filter((f) => f.includes(second!.id))).toEqual([])
    expect(files.filter((f) => f.includes(first!.id) || f.includes(third!.id))).toHaveLength(4)

    const publicPhoto = (id: string, size = 'display') => h.app.request(`/${fillPath(PUBLIC_REVIEW_PHOTO_PATH, { id, size })}`)
    // Pending moderation: not public, and the photos can no longer change.
    expect((await publicPhoto(first!.id)).status).toBe(404)
    expectError(await upload(member, participationId, await phoneJpeg(64, 48)), 'CONFLICT', 409)
    expectError(await call(h.app, 'DELETE', fillPath(REVIEW_PHOTO_PATH, { id: first!.id }), { token: member.bearer }), 'CONFLICT', 409)

    // Sent back for a change: still not public; the member removes a photo, which leaves the review too.
    await rejectReview(h.deps, sent.id, 'Please say which model you tested', commandLineActor())
    expect((await publicPhoto(first!.id)).status).toBe(404)
    expectOk(await call(h.app, 'DELETE', fillPath(REVIEW_PHOTO_PATH, { id: third!.id }), { token: member.bearer }), PhotoDeletedSchema)
    const revised = expectOk(
      await call(h.app, 'GET', RC_PRODUCT_PATH, { token: member.bearer, query: { productId: campaign.productId, campaignId: campaign.campaignId } }),
      RcProductSchema,
    )
    expect(revised.review?.photos).toEqual([{ id: first!.id, alt: 'Pouring a cup' }])
    expectOk(await send([{ id: first!.id, alt: 'Pouring a cup of the 1.7 l model' }]), MemberReviewSchema, 201)

    // Published: public, as the JPEG that is stored, and listed with the review.
    await approveReview(h.deps, sent.id, commandLineActor())
    const served = await publicPhoto(first!.id)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toBe('public, max-age=300')
    const bytes = Buffer.from(await served.arrayBuffer())
    expect(bytes.equals(await stored(first!.id, 'display'))).toBe(true)
    await expectNoMetadata(bytes)
    expect((await publicPhoto(first!.id, 'thumb')).status).toBe(200)
    expect((await publicPhoto(third!.id)).status).toBe(404)
    expect((await publicPhoto(first!.id, 'original')).status).toBe(404)
    expect((await publicPhoto('not-an-id')).status).toBe(404)
    const published = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: sent.id })), PublicReviewPageSchema)
    expect(published.photos).toEqual([{ id: first!.id, alt: 'Pouring a cup of the 1.7 l model' }])
    // Its page's link preview shows the first photo, at its display size.
    expect(published.firstPhoto).toEqual({ id: first!.id, alt: 'Pouring a cup of the 1.7 l model', width: expect.any(Number), height: expect.any(Number) })
    expect(Math.max(published.firstPhoto!.width, published.firstPhoto!.height)).toBeGreaterThan(0)

    // Deleting the account deletes the photos, a published review's too, with their files. Deleting
    // needs a recent sign-in by the suite's clock: it is set to the real time, as the member's sign-in
    // was (the clock stands where it was when this file began, however long the tests so far took).
    h.clock.set(new Date())
    const { receipt } = expectOk(await call(h.app, 'POST', PSEUDONYMIZE_PATH, { token: member.bearer, body: { confirm: true } }), PseudonymizeResultSchema)
    expect(receipt.removed).toContain('review-photos')
    expect((await publicPhoto(first!.id)).status).toBe(404)
    expect((await storedFiles()).filter((f) => f.includes(first!.id))).toEqual([])
    const kept = expectOk(await call(h.app, 'GET', fillPath(PUBLIC_REVIEW_PATH, { id: sent.id })), PublicReviewPageSchema)
    expect(kept).toMatchObject({ authorName: 'Former member', photos: [] })
  })
})

describe('what one upload may cost the member API', () => {
  it('decodes a 24-megapixel HEIC (in a worker thread) and stores it at its display size', async () => {
    const member = await createTestMember()
    const participationId = await reviewableParticipation(member)
    const photo = await uploaded(member, participationId, await readFile(join(import.meta.dirname, '../test/fixtures/large-24mp.heic')))
    expect(photo).toMatchObject({ width: 1600, height: 1067 })
    await expectNoMetadata(await stored(photo.id, 'display'))
  })

  it(`takes at most ${PHOTO_UPLOADS_PER_HOUR} photos an hour from one member, then refuses with a reason and stores nothing`, async () => {
    const member = await createTestMember()
    const participationId = await reviewableParticipation(member)
    const small = await phoneJpeg(64, 48)
    // Removed photos count too: each upload was decoded.
    for (let i = 0; i < PHOTO_UPLOADS_PER_HOUR; i++) {
      const photo = await uploaded(member, participationId, small)
      expectOk(await call(h.app, 'DELETE', fillPath(REVIEW_PHOTO_PATH, { id: photo.id }), { token: member.bearer }), PhotoDeletedSchema)
    }
    const before = await storedFiles()
    const answer = await upload(member, participationId, small)
    const refused = expectError(answer, 'RATE_LIMITED', 429)
    expect(refused.reason).toEqual({ code: 'too-many-uploads' })
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await storedFiles()).toEqual(before)
    // Another member's allowance is their own.
    const other = await createTestMember()
    await uploaded(other, await reviewableParticipation(other), small)
  })

  it('refuses an upload at once (503, with a reason) while the process works on all the images it takes and its line is full', async () => {
    const member = await createTestMember()
    const participationId = await reviewableParticipation(member)
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    // Two places taken and two waiting: the harness's limits.
    const busy = Array.from({ length: 4 }, () => h.deps.imageWork.run(() => gate))
    const before = await storedFiles()
    const answer = await upload(member, participationId, await phoneJpeg(64, 48))
    const refused = expectError(answer, 'UNAVAILABLE', 503)
    expect(refused.reason).toEqual({ code: 'image-queue-full' })
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await storedFiles()).toEqual(before)
    release()
    await Promise.all(busy)
    await uploaded(member, participationId, await phoneJpeg(64, 48))
  })
})
