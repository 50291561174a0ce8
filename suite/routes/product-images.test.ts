// Product images at the member API: uploaded by campaign managers through the review photos'
// pipeline (type read from the bytes, metadata gone, two sizes, the local photo directory), refused
// with nothing stored, ordered and described, removed, audited, shown with their alt text on the
// product's public page and served to anyone; the demo seed's drawings go through the same path.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OpsProductListSchema } from '../../contract/authoring'
import { CampaignDetailSchema } from '../../contract/campaigns'
import { ENDPOINTS } from '../../contract/endpoints'
import { fillPath, PUBLIC_CAMPAIGN_PATH } from '../../contract/paths'
import {
  OpsProductImagesSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_REFUSED,
  PRODUCT_IMAGES_MAX,
  type OpsProductImages,
} from '../../contract/product-images'
import { auditLog, campaigns, productImages, products } from '../db/schema'
import { demoImageAlt, demoImagePng } from '../seed/images'
import { defaultImageWorkLimits } from '../services/image-work'
import { localPhotoStorage } from '../services/photo-storage'
import { commandLineActor } from '../actors/actor'
import { addProductImage } from '../staff/product-images'
import { createCampaign } from '../test/fixtures'
import { credentialHeaders, call, createHarness, expectError, expectOk, type Harness } from '../test/harness'
import type { TestMember } from '../test/members'
import { createTestStaff } from '../test/staff'

let h: Harness
let photoDir: string
let manager: TestMember
let moderator: TestMember

/** Sends a file's bytes as the portal does, with whatever type the browser claimed. */
async function upload(
  member: TestMember | null,
  productId: string,
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  { alt = 'A kettle on a stove', claimed = 'image/jpeg' }: { alt?: string; claimed?: string } = {},
) {
  const response = await h.app.request(
    `/${ENDPOINTS.opsUploadProductImage.path}?${new URLSearchParams({ productId, alt })}`,
    {
      method: 'POST',
      headers: { 'content-type': claimed, ...(member && credentialHeaders(member.bearer)) },
      body: bytes,
      ...(bytes instanceof ReadableStream && { duplex: 'half' }),
    } as RequestInit,
    { incoming: { socket: { remoteAddress: '127.0.0.1' } } },
  )
  const json: unknown = await response.json()
  return { status: response.status, headers: response.headers, json }
}

const uploaded = async (productId: string, bytes: Uint8Array, alt?: string): Promise<OpsProductImages> =>
  expectOk(await upload(manager, productId, bytes, { alt }), OpsProductImagesSchema, 201)

/** Every file in the photo directory, as paths below it. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(photoDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(photoDir.length + 1))
    .sort()
}
const stored = (id: string, size: 'display' | 'thumb') => readFile(join(photoDir, 'product-images', id, `${size}.jpg`))

/** A picture of `width`×`height` with some detail in it (an even colour compresses to nothing). */
function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256], (y * width + x) * 3)
  return sharp(raw, { raw: { width, height, channels: 3 } })
}

/** A JPEG as a camera writes one: where it was taken (GPS), the camera, XMP and a colour profile. */
const cameraJpeg = (width = 2400, height = 1800) =>
  picture(width, height)
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Cameramaker', Model: 'Studio 5' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1200/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
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
  expect(bytes.includes('Cameramaker')).toBe(false)
  return meta
}

/** A product of its own, without images. */
async function newProduct(name = 'Test kettle'): Promise<string> {
  const [row] = await h.deps.db
    .insert(products)
    .values({ name, brand: 'Testbrand', description: 'A kettle for the tests.', category: 'kitchen', retailValueCents: 3000, currency: 'EUR', images: [] })
    .returning()
  return row!.id
}

const rowsOf = (productId: string) => h.deps.db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position))
const auditOf = (productId: string) =>
  h.deps.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetId} = ${productId}`)
    .orderBy(asc(auditLog.seq))
const derivedUrls = async (productId: string) =>
  (await h.deps.db.select({ images: products.images }).from(products).where(eq(products.id, productId)))[0]?.images
const publicFile = (id: string, size: string) => h.app.request(`/${fillPath(ENDPOINTS.publicProductImage.path, { id, size })}`)

beforeAll(async () => {
  photoDir = await mkdtemp(join(tmpdir(), 'product-images-'))
  h = await createHarness({ photoStorage: localPhotoStorage(photoDir) })
  ;[manager, moderator] = await Promise.all([
    createTestStaff(h.deps.db, ['campaign-manager'], { displayName: 'Cam Manager' }),
    createTestStaff(h.deps.db, ['moderator']),
  ])
}, 180_000)
afterAll(async () => {
  await h?.close()
  await rm(photoDir, { recursive: true, force: true })
})

describe('an uploaded product image', () => {
  it('is stored re-encoded in two sizes with no EXIF (no GPS), ICC or XMP, audited, and served to anyone', async () => {
    const productId = await newProduct()
    const original = await cameraJpeg()
    expect((await sharp(original).metadata()).exif?.includes('Cameramaker')).toBe(true)

    const result = await uploaded(productId, original, '  A steel kettle on a gas stove  ')
    expect(result.productId).toBe(productId)
    const [image] = result.images
    expect(result.images).toEqual([{ id: image!.id, alt: 'A steel kettle on a gas stove', width: 1600, height: 1200 }])
    expect(await storedFiles()).toEqual([`product-images/${image!.id}/display.jpg`, `product-images/${image!.id}/thumb.jpg`])
    expect(await expectNoMetadata(await stored(image!.id, 'display'))).toMatchObject({ width: 1600, height: 1200 })
    expect(await expectNoMetadata(await stored(image!.id, 'thumb'))).toMatchObject({ width: 400, height: 300 })
    // The lists' picture (products.images) is the first image's public address.
    expect(await derivedUrls(productId)).toEqual([`/${fillPath(ENDPOINTS.publicProductImage.path, { id: image!.id, size: 'display' })}`])

    const [entry] = await auditOf(productId)
    expect(entry).toMatchObject({ action: 'product.image-add', actorUid: manager.uid, targetType: 'product' })
    expect(entry!.changes).toEqual({
      before: null,
      after: { imageId: image!.id, alt: 'A steel kettle on a gas stove', position: 0, width: 1600, height: 1200 },
    })

    // Anyone loads it, without a credential, and caches may keep it.
    for (const size of ['display', 'thumb'] as const) {
      const response = await publicFile(image!.id, size)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/jpeg')
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
      expect(Buffer.from(await response.arrayBuffer()).equals(await stored(image!.id, size))).toBe(true)
    }
    expect((await publicFile(image!.id, 'original')).status).toBe(404)
    expect((await publicFile(crypto.randomUUID(), 'display')).status).toBe(404)
    expect((await publicFile('../../etc/passwd', 'display')).status).toBe(404)

    // The console's list carries the images too.
    const list = expectOk(await call(h.app, 'GET', ENDPOINTS.opsProducts.path, { token: manager.bearer }), OpsProductListSchema)
    expect(list.items.find((p) => p.id === productId)?.images).toEqual(result.images)
  })

  it('is recognised by its bytes: PNG, WebP and HEIC are taken; text, SVG, GIF, TIFF and broken files are refused and nothing is stored', async () => {
    const productId = await newProduct()
    const png = await uploaded(productId, await picture(320, 240).png().toBuffer())
    expect(png.images.at(-1)).toMatchObject({ width: 320, height: 240 })
    const webp = await uploaded(productId, await picture(300, 200).webp().toBuffer())
    expect(webp.images.at(-1)).toMatchObject({ width: 300, height: 200 })
    const heic = await uploaded(productId, await readFile(join(import.meta.dirname, '../test/fixtures/gps.heic')))
    expect(heic.images.at(-1)).toMatchObject({ width: 96, height: 64 })
    await expectNoMetadata(await stored(heic.images.at(-1)!.id, 'display'))

    const files = await storedFiles()
    const rows = await rowsOf(productId)
    const entries = await auditOf(productId)
    const refusedAs = async (bytes: Uint8Array, reason: 'type' | 'unreadable', claimed?: string) => {
      const refused = expectError(await upload(manager, productId, bytes, { claimed }), 'BAD_REQUEST', 400)
      expect(refused.fields).toEqual({ image: [PRODUCT_IMAGE_REFUSED[reason]] })
      expect(refused.reason).toEqual({ code: 'image-refused', problem: reason })
    }
    await refusedAs(new TextEncoder().encode('These are not the pixels you are looking for.'), 'type')
    // SVG could carry script; the browser upload takes pixel formats only.
    await refusedAs(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'type', 'image/svg+xml')
    await refusedAs((await demoImagePng('skillet.svg'))!.subarray(0, 0), 'type')
    await refusedAs(await picture(20, 20).gif().toBuffer(), 'type', 'image/gif')
    await refusedAs(await picture(20, 20).tiff().toBuffer(), 'type')
    await refusedAs(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]), 'unreadable')
    // Alt text is required, and at most 200 characters.
    for (const alt of ['   ', 'x'.repeat(201)]) {
      const bad = expectError(await upload(manager, productId, await picture(40, 30).png().toBuffer(), { alt }), 'BAD_REQUEST', 400)
      expect(Object.keys(bad.fields ?? {})).toEqual(['alt'])
    }
    expect(await storedFiles()).toEqual(files)
    expect(await rowsOf(productId)).toEqual(rows)
    expect(await auditOf(productId)).toEqual(entries)
  })

  it('is refused over the size limit, whether the length is declared or not, and nothing is stored', async () => {
    const productId = await newProduct()
    const files = await storedFiles()
    const tooLarge = new Uint8Array(PRODUCT_IMAGE_MAX_BYTES + 1)
    tooLarge.set([0xff, 0xd8, 0xff])
    const declared = expectError(await upload(manager, productId, tooLarge), 'BAD_REQUEST', 400)
    expect(declared.fields).toEqual({ image: [PRODUCT_IMAGE_REFUSED.size] })
    // Chunked, with no length given: counted as it comes.
    let sent = 0
    const chunk = new Uint8Array(1024 * 1024)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > PRODUCT_IMAGE_MAX_BYTES) return controller.close()
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    expect(expectError(await upload(manager, productId, stream), 'BAD_REQUEST', 400).fields).toEqual({ image: [PRODUCT_IMAGE_REFUSED.size] })
    expect(await storedFiles()).toEqual(files)
    expect(await rowsOf(productId)).toEqual([])
  })

  it(`is refused past ${PRODUCT_IMAGES_MAX} images per product, and nothing is stored`, async () => {
    const productId = await newProduct()
    const small = await picture(40, 30).png().toBuffer()
    for (let i = 0; i < PRODUCT_IMAGES_MAX; i++) await uploaded(productId, small, `Image ${i + 1}`)
    const files = await storedFiles()
    const refused = expectError(await upload(manager, productId, small), 'CONFLICT', 409)
    expect(refused.fields).toEqual({ image: [PRODUCT_IMAGE_REFUSED.count] })
    expect(await storedFiles()).toEqual(files)
    expect((await rowsOf(productId)).map((r) => [r.position, r.alt])).toEqual(Array.from({ length: PRODUCT_IMAGES_MAX }, (_, i) => [i, `Image ${i + 1}`]))
  })

  it('is refused at once (503, with a reason) while the process works on all the images it takes and its line is full', async () => {
    const productId = await newProduct()
    const small = await picture(40, 30).png().toBuffer()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    // Every place taken and the whole line waiting, as this machine's process has them.
    const { concurrent, waiting } = defaultImageWorkLimits()
    const busy = Array.from({ length: concurrent + waiting }, () => h.deps.imageWork.run(() => gate))
    const files = await storedFiles()
    const answer = await upload(manager, productId, small)
    expect(expectError(answer, 'UNAVAILABLE', 503).reason).toEqual({ code: 'image-queue-full' })
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await storedFiles()).toEqual(files)
    expect(await auditOf(productId)).toEqual([])
    release()
    await Promise.all(busy)
    await uploaded(productId, small, 'Taken once there is room')
  })

  it('is for campaign managers: a moderator, a visitor and an unknown product are refused, and nothing is stored', async () => {
    const productId = await newProduct()
    const small = await picture(40, 30).png().toBuffer()
    const files = await storedFiles()
    expectError(await upload(moderator, productId, small), 'FORBIDDEN', 403)
    expectError(await upload(null, productId, small), 'UNAUTHENTICATED', 401)
    expectError(await upload(manager, crypto.randomUUID(), small), 'NOT_FOUND', 404)
    expect(await storedFiles()).toEqual(files)
  })
})

describe("a product's images", () => {
  it('are moved and described, each change audited; the first leads the lists', async () => {
    const productId = await newProduct()
    const small = await picture(40, 30).png().toBuffer()
    for (const alt of ['Front', 'Side', 'Back']) await uploaded(productId, small, alt)
    const [front, side, back] = await rowsOf(productId)
    const entriesBefore = (await auditOf(productId)).length

    const moved = expectOk(
      await call(h.app, 'POST', fillPath(ENDPOINTS.opsMoveProductImage.path, { id: back!.id }), { token: manager.bearer, body: { position: 0 } }),
      OpsProductImagesSchema,
    )
    expect(moved.images.map((i) => i.alt)).toEqual(['Back', 'Front', 'Side'])
    expect((await rowsOf(productId)).map((r) => [r.alt, r.position])).toEqual([
      ['Back', 0],
      ['Front', 1],
      ['Side', 2],
    ])
    expect((await derivedUrls(productId))?.[0]).toContain(back!.id)
    const down = expectOk(
      await call(h.app, 'POST', fillPath(ENDPOINTS.opsMoveProductImage.path, { id: front!.id }), { token: manager.bearer, body: { position: 2 } }),
      OpsProductImagesSchema,
    )
    expect(down.images.map((i) => i.alt)).toEqual(['Back', 'Side', 'Front'])

    const described = expectOk(
      await call(h.app, 'PATCH', fillPath(ENDPOINTS.opsDescribeProductImage.path, { id: side!.id }), {
        token: manager.bearer,
        body: { alt: ' The kettle from the side ' },
      }),
      OpsProductImagesSchema,
    )
    expect(described.images.map((i) => i.alt)).toEqual(['Back', 'The kettle from the side', 'Front'])
    // The same text again changes nothing and writes no entry.
    await call(h.app, 'PATCH', fillPath(ENDPOINTS.opsDescribeProductImage.path, { id: side!.id }), {
      token: manager.bearer,
      body: { alt: 'The kettle from the side' },
    })

    const entries = (await auditOf(productId)).slice(entriesBefore)
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['product.image-move', { before: { imageId: back!.id, position: 2 }, after: { imageId: back!.id, position: 0 } }],
      ['product.image-move', { before: { imageId: front!.id, position: 1 }, after: { imageId: front!.id, position: 2 } }],
      [
        'product.image-alt',
        {
          before: { imageId: side!.id, alt: 'Side', position: 1 },
          after: { imageId: side!.id, alt: 'The kettle from the side', position: 1 },
        },
      ],
    ])

    // Bad input changes nothing.
    const past = expectError(
      await call(h.app, 'POST', fillPath(ENDPOINTS.opsMoveProductImage.path, { id: side!.id }), { token: manager.bearer, body: { position: 3 } }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(past.fields ?? {})).toEqual(['position'])
    const empty = expectError(
      await call(h.app, 'PATCH', fillPath(ENDPOINTS.opsDescribeProductImage.path, { id: side!.id }), { token: manager.bearer, body: { alt: ' ' } }),
      'BAD_REQUEST',
      400,
    )
    expect(Object.keys(empty.fields ?? {})).toEqual(['alt'])
    expectError(
      await call(h.app, 'PATCH', fillPath(ENDPOINTS.opsDescribeProductImage.path, { id: crypto.randomUUID() }), { token: manager.bearer, body: { alt: 'x' } }),
      'NOT_FOUND',
      404,
    )
    expect((await auditOf(productId)).length).toBe(entriesBefore + 3)
  })

  it('are removed with their files, the others moving up; the last image of a product a published campaign tests stays', async () => {
    const fixture = await createCampaign(h.deps.db, h.clock.now())
    const small = await picture(40, 30).png().toBuffer()
    await uploaded(fixture.productId, small, 'One')
    const two = await uploaded(fixture.productId, small, 'Two')
    const [one, second] = two.images

    const after = expectOk(
      await call(h.app, 'DELETE', fillPath(ENDPOINTS.opsRemoveProductImage.path, { id: one!.id }), { token: manager.bearer }),
      OpsProductImagesSchema,
    )
    expect(after.images).toEqual([second])
    expect((await rowsOf(fixture.productId)).map((r) => [r.id, r.position])).toEqual([[second!.id, 0]])
    expect((await storedFiles()).filter((f) => f.includes(one!.id))).toEqual([])
    expect((await publicFile(one!.id, 'display')).status).toBe(404)
    expectError(await call(h.app, 'DELETE', fillPath(ENDPOINTS.opsRemoveProductImage.path, { id: one!.id }), { token: manager.bearer }), 'NOT_FOUND', 404)

    // The campaign is published: its product keeps an image.
    const last = expectError(
      await call(h.app, 'DELETE', fillPath(ENDPOINTS.opsRemoveProductImage.path, { id: second!.id }), { token: manager.bearer }),
      'CONFLICT',
      409,
    )
    expect(last.fields).toEqual({ image: [PRODUCT_IMAGE_REFUSED.last] })
    expect(last.reason).toEqual({ code: 'image-refused', problem: 'last' })
    expect(await rowsOf(fixture.productId)).toHaveLength(1)
    // Archived, it may go; nothing then stands in for it on the lists.
    await h.deps.db.update(campaigns).set({ status: 'archived' }).where(eq(campaigns.id, fixture.campaignId))
    expectOk(await call(h.app, 'DELETE', fillPath(ENDPOINTS.opsRemoveProductImage.path, { id: second!.id }), { token: manager.bearer }), OpsProductImagesSchema)
    expect(await derivedUrls(fixture.productId)).toEqual([])
    const entries = await auditOf(fixture.productId)
    expect(entries.filter((e) => e.action === 'product.image-remove').map((e) => e.changes)).toEqual([
      { before: { imageId: one!.id, alt: 'One', position: 0 }, after: null },
      { before: { imageId: second!.id, alt: 'Two', position: 0 }, after: null },
    ])
  })

  it("are shown on the campaign's public page in order, each with its alt text (older demo data: its static drawing)", async () => {
    const fixture = await createCampaign(h.deps.db, h.clock.now())
    const page = () => call(h.app, 'GET', fillPath(PUBLIC_CAMPAIGN_PATH, { idOrSlug: fixture.slug }))
    const legacy = expectOk(await page(), CampaignDetailSchema)
    expect(legacy.product.images).toEqual([{ url: '/suite/api/public/images/skillet.svg', alt: 'Testbrand Test Kettle', width: 400, height: 300 }])
    expect(legacy.imageUrl).toBe('/suite/api/public/images/skillet.svg')

    const small = await picture(80, 60).png().toBuffer()
    await uploaded(fixture.productId, small, 'The kettle boiling')
    const { images } = await uploaded(fixture.productId, await picture(60, 80).png().toBuffer(), 'The kettle from above')
    const detail = expectOk(await page(), CampaignDetailSchema)
    const url = (id: string) => `/${fillPath(ENDPOINTS.publicProductImage.path, { id, size: 'display' })}`
    expect(detail.product.images).toEqual([
      { url: url(images[0]!.id), alt: 'The kettle boiling', width: 80, height: 60 },
      { url: url(images[1]!.id), alt: 'The kettle from above', width: 60, height: 80 },
    ])
    expect(detail.imageUrl).toBe(url(images[0]!.id))
  })

  it('take the demo seed’s drawings through the same pipeline: rasterised to PNG, stored as JPEG at the display size', async () => {
    const productId = await newProduct('Skillet')
    const png = await demoImagePng('skillet.svg')
    const alt = demoImageAlt('skillet.svg')
    expect(alt).toBe('A cast-iron skillet with a fried egg')
    expect(await demoImagePng('nothing.svg')).toBeUndefined()
    const result = await addProductImage(h.deps, commandLineActor(), productId, png!, alt!)
    expect(result.images).toEqual([{ id: expect.any(String), alt, width: 1600, height: 1200 }])
    await expectNoMetadata(await stored(result.images[0]!.id, 'display'))
    const [entry] = await auditOf(productId)
    expect(entry).toMatchObject({ action: 'product.image-add', actorUid: 'cli' })
  })
})
