// A product's images in the console, in the browser against the real member API: a campaign manager
// chooses three files on a product's edit view; the one too large is refused before anything is
// sent, the one that is no image after it is sent, each said beside its file, and nothing of either
// is stored. The image taken shows as its thumbnail with the alt text written for it; a second one
// is moved first by keyboard, an alt text is changed and an image removed. At eight images the
// ninth file is refused beside it. The images are served to anyone by the portal, without metadata,
// and the campaign's page shows them in order with their alt texts.
import sharp from 'sharp'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, expectNoAxeViolationsAtEveryWidth, launchBrowser, newContext, screenshotFromTop } from './support/browser'
import { waitForFocus } from './support/keyboard'
import { createConfirmedMember, giveAuthenticator, signInThroughUi, type TestMember } from './support/members'
import { asMember, idTokenOf, secondFactorPassOf } from './support/member-api'
import { operatorCommand, type Json } from './support/suite'

let browser: Browser
let page: Page
let manager: TestMember
let token = ''
/** The manager's second-factor pass, for the test's own calls of the member API. */
let pass = ''
const product = { id: '', name: `Image jug ${Date.now()}` }

/** A picture with some detail in it. */
function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 5) % 256, (y * 3) % 256, 90], (y * width + x) * 3)
  return sharp(raw, { raw: { width, height, channels: 3 } })
}

type StoredImage = { id: string; alt: string; width: number; height: number }
/** The product's images as the member API holds them. */
async function storedImages(): Promise<StoredImage[]> {
  const { items } = (await asMember(token, 'GET', 'ops/v1/products', undefined, pass)) as { items: Array<Json & { id: string; images: StoredImage[] }> }
  return items.find((p) => p.id === product.id)?.images ?? []
}

const editor = () => page.getByTestId('product-images-editor')
const chooseFiles = (files: Array<{ name: string; mimeType: string; buffer: Buffer }>) => editor().getByTestId('product-image-input').setInputFiles(files)
const listedAlts = () =>
  editor()
    .getByTestId('product-image')
    .locator('img')
    .evaluateAll((images) => images.map((img) => img.getAttribute('alt')))

beforeAll(async () => {
  browser = await launchBrowser()
  manager = await createConfirmedMember('Ivo Images')
  expect(await operatorCommand({ command: 'staff-grant', email: manager.email, role: 'campaign-manager' })).toMatchObject({ changed: true })
  await giveAuthenticator(manager)
  token = await idTokenOf(manager)
  pass = await secondFactorPassOf(token, manager)
  const created = await asMember(
    token,
    'POST',
    'ops/v1/products',
    {
      brand: 'Kettle & Kiln',
      name: product.name,
      description: 'A one-litre cold brew jug with a steel filter.',
      category: 'kitchen',
      retailValueCents: 3499,
      currency: 'EUR',
    },
    pass,
  )
  product.id = created.id as string
  page = await (await newContext(browser)).newPage()
})

afterAll(async () => {
  await browser?.close()
})

describe("a product's images in the console", () => {
  it('refuses a file too large and one that is no image beside each, storing nothing of them, and takes the image with its alt text', async () => {
    await signInThroughUi(page, manager, '/en/ops/products')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor()
    await page
      .getByRole('row')
      .filter({ hasText: product.name })
      .getByRole('button', { name: `Edit ${product.name}` })
      .click()
    await editor().getByText('No image yet: a campaign testing this product cannot be published until it has one.').waitFor()

    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1, 1)
    await chooseFiles([
      { name: 'jug.png', mimeType: 'image/png', buffer: await picture(640, 480).png().toBuffer() },
      { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a picture.') },
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: tooLarge },
    ])
    // Refused before anything is sent.
    await editor().getByText('“huge.jpg” is larger than 10 MB. Choose a smaller image.').waitFor()
    // Nothing is sent while an alt text is missing.
    await editor().getByRole('button', { name: 'Upload 2 images' }).click()
    await editor().getByText('Write the alt text for “jug.png”: what it shows, in 1 to 200 characters.').waitFor()
    expect(await storedImages()).toEqual([])

    await editor().getByLabel('Alt text for “jug.png”').fill('The jug on a kitchen table, filled with cold brew')
    await editor().getByLabel('Alt text for “notes.jpg”').fill('Notes')
    await editor().getByRole('button', { name: 'Upload 2 images' }).click()
    await editor().getByText('“notes.jpg” is not an image we can take. Choose a JPEG, PNG, WebP or HEIC image.').waitFor()
    await editor().getByTestId('product-image').first().waitFor()
    expect(await listedAlts()).toEqual(['The jug on a kitchen table, filled with cold brew'])
    // The thumbnail comes from the portal.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="product-image"] img')
      return !!img && img.complete && img.naturalWidth > 0 && new URL(img.src).origin === location.origin
    })
    const stored = await storedImages()
    expect(stored).toEqual([{ id: expect.any(String), alt: 'The jug on a kitchen table, filled with cold brew', width: 640, height: 480 }])
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'console-product-images')

    // Both refusals stay beside their files until dismissed.
    await editor().getByRole('button', { name: 'Dismiss “notes.jpg”' }).click()
    await editor().getByRole('button', { name: 'Dismiss “huge.jpg”' }).click()
    expect(await editor().getByTestId('product-image-waiting').count()).toBe(0)

    // Anyone loads it through the portal: a JPEG without metadata, cacheable.
    for (const size of ['display', 'thumb']) {
      const response = await fetch(`${baseUrl()}/images/products/${stored[0]!.id}-${size}.jpg`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/jpeg')
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'jpeg', width: size === 'display' ? 640 : 400 })
      expect(meta).not.toHaveProperty('exif')
    }
    expect((await fetch(`${baseUrl()}/images/products/${crypto.randomUUID()}-thumb.jpg`)).status).toBe(404)
  })

  it('moves an image first by keyboard, changes an alt text and removes an image', async () => {
    await chooseFiles([{ name: 'lid.jpg', mimeType: 'image/jpeg', buffer: await picture(480, 640).jpeg().toBuffer() }])
    await editor().getByLabel('Alt text for “lid.jpg”').fill('The steel filter lifted out of the jug')
    await editor().getByRole('button', { name: 'Upload 1 image' }).click()
    await editor().getByRole('button', { name: 'Move image 2 earlier' }).waitFor()
    expect(await listedAlts()).toEqual(['The jug on a kitchen table, filled with cold brew', 'The steel filter lifted out of the jug'])

    const [jug, lid] = await storedImages()
    const earlier = editor().locator(`[data-image-control="${lid!.id}:earlier"]`)
    await earlier.focus()
    await page.keyboard.press('Enter')
    await expect.poll(listedAlts).toEqual(['The steel filter lifted out of the jug', 'The jug on a kitchen table, filled with cold brew'])
    // The focus stays on the button pressed, at the image's new place.
    await waitForFocus(earlier)
    expect((await storedImages()).map((i) => i.id)).toEqual([lid!.id, jug!.id])

    await editor().getByLabel('Alt text of image 2', { exact: true }).fill('The jug, full, on an oak table')
    await editor().getByRole('button', { name: 'Save alt text of image 2' }).click()
    await expect.poll(listedAlts).toEqual(['The steel filter lifted out of the jug', 'The jug, full, on an oak table'])
    expect((await storedImages()).map((i) => i.alt)).toEqual(['The steel filter lifted out of the jug', 'The jug, full, on an oak table'])
    // An empty alt text is said beside the image and not sent.
    await editor().getByLabel('Alt text of image 1', { exact: true }).fill('  ')
    await editor().getByRole('button', { name: 'Save alt text of image 1' }).click()
    await editor().getByText('Write the alt text of image 1: what it shows, in 1 to 200 characters.').waitFor()
    expect((await storedImages())[0]?.alt).toBe('The steel filter lifted out of the jug')

    await editor().getByRole('button', { name: 'Remove image 1' }).click()
    await expect.poll(listedAlts).toEqual(['The jug, full, on an oak table'])
    expect((await storedImages()).map((i) => i.id)).toEqual([jug!.id])
    expect((await fetch(`${baseUrl()}/images/products/${lid!.id}-thumb.jpg`)).status).toBe(404)
  })

  it('refuses a ninth image beside its file, storing nothing', async () => {
    const files = await Promise.all(
      Array.from({ length: 7 }, async (_, i) => ({
        name: `view-${i + 2}.png`,
        mimeType: 'image/png',
        buffer: await picture(60 + i, 40)
          .png()
          .toBuffer(),
      })),
    )
    await chooseFiles(files)
    for (const file of files) await editor().getByLabel(`Alt text for “${file.name}”`).fill(`View ${file.name}`)
    await editor().getByRole('button', { name: 'Upload 7 images' }).click()
    await editor().getByText('That is 8 images, the most a product can have.').waitFor()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="product-image"]').length === 8)
    expect(await storedImages()).toHaveLength(8)

    // The choose button says no more; a file chosen anyway is refused beside it.
    expect(await editor().getByRole('button', { name: 'Choose images' }).getAttribute('aria-disabled')).toBe('true')
    await chooseFiles([{ name: 'ninth.png', mimeType: 'image/png', buffer: await picture(50, 50).png().toBuffer() }])
    await editor().getByText('“ninth.png” was not added: a product can have up to 8 images. Remove one to add another.').waitFor()
    expect(await storedImages()).toHaveLength(8)
  })

  it("shows the images on the campaign's page in their order, each with its alt text", async () => {
    const slug = `image-jug-${Date.now().toString(36)}`
    const day = 24 * 60 * 60 * 1000
    const at = (days: number) => new Date(Date.now() + days * day).toISOString()
    const created = await operatorCommand({
      command: 'campaign-create',
      definition: {
        campaign: {
          title: 'Image jug test',
          slug,
          summary: 'A jug to test its pictures.',
          description: 'A campaign made by the browser test of product images.',
          kind: 'free-product',
          selectionMode: 'first-come',
          productId: product.id,
          eligibility: {
            countries: ['DE'],
            minAge: null,
            phoneVerifiedRequired: false,
            socialProfileRequired: false,
            interests: [],
            pets: [],
            children: null,
            minTier: null,
          },
          screener: [],
          tasks: { questionnaire: false, purchaseIntent: false, review: true, social: false, socialPlatforms: [], impressions: false },
        },
        flights: [{ name: 'Flight 1', signupOpensAt: at(-1), signupClosesAt: at(10), testingStartsAt: at(12), reviewDueAt: at(30), quota: 5 }],
        publish: true,
      },
    })
    // Archived at once: off the public lists the other tests count, its page kept.
    await asMember(token, 'POST', `ops/v1/campaigns/${created.id as string}/status`, { status: 'archived' }, pass)
    const alts = (await storedImages()).map((image) => image.alt)

    await page.goto(`${baseUrl()}/en/ready-to-test/${slug}`)
    await page.getByRole('heading', { level: 1, name: 'Image jug test' }).waitFor()
    // The first image leads the page.
    expect(await page.getByRole('main').locator('header img').first().getAttribute('alt')).toBe(alts[0])
    const gallery = page.getByRole('list', { name: `Pictures of ${product.name}` })
    expect(await gallery.getByRole('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')))).toEqual(alts)
    // Each one loads from the portal (those below the fold are asked for now rather than on scrolling).
    await gallery.locator('img').evaluateAll((images) => images.forEach((img) => ((img as HTMLImageElement).loading = 'eager')))
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-images"] img')].every((img) => img.complete && img.naturalWidth > 0),
    )
    await expectNoAxeViolationsAtEveryWidth(page)
    await screenshotFromTop(page, 'campaign-product-images')
  })
})
