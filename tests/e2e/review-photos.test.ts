// Photos in a review, in the browser against the real member API: a member attaches two photos (one
// carrying where it was taken), a file that is no photo is refused beside them, the order changes
// from the keyboard, everything survives a reload, the review is sent and approved, and the public
// review page shows both photos with the member's descriptions, served without any metadata.
import sharp from 'sharp'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, expectNoAxeViolations, gotoHydrated, launchBrowser, newContext, screenshotFromTop, textOnPage } from './support/browser'
import { uniqueStreet, createMember, signInThroughUi, type TestMember } from './support/members'
import { asMember as callAsMember, idTokenOf } from './support/member-api'
import { callSuite, operatorCommand, type Json } from './support/suite'

let browser: Browser
let context: BrowserContext
let page: Page
let member: TestMember
let idToken = ''
const test = { campaignId: '', productId: '', participationId: '', reviewId: '', photoIds: [] as string[] }
const ALT = { kettle: 'The kettle on a wooden worktop, steam rising', pour: 'Pouring cold brew into a glass with ice' }

/** A member-API call the portal would make for the member (PUT and the bot-checked sign-up included). */
const asMember = (method: 'PUT' | 'POST', path: string, body: unknown): Promise<Json> => callAsMember(idToken, method, path, body)

/** A picture with some detail in it. */
function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 3) % 256, (y * 2) % 256, 140], (y * width + x) * 3)
  return sharp(raw, { raw: { width, height, channels: 3 } })
}

const fillPhotoDescription = (number: number, text: string) => page.getByLabel(`Describe photo ${number}`).fill(text)
const photoDescriptions = () =>
  page
    .getByTestId('review-photo')
    .locator('input')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))

/** Every image of the list has loaded (from the portal: the page's policy allows no other origin). */
async function expectImagesLoaded(selector: string, count: number) {
  await page.waitForFunction(
    ({ selector, count }) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(selector)]
      return images.length === count && images.every((img) => img.complete && img.naturalWidth > 0)
    },
    { selector, count },
  )
  const sources = await page.locator(selector).evaluateAll((images) => images.map((img) => new URL((img as HTMLImageElement).src).origin))
  expect(new Set(sources)).toEqual(new Set([new URL(baseUrl()).origin]))
}

beforeAll(async () => {
  browser = await launchBrowser()
  context = await newContext(browser)
  page = await context.newPage()
  member = await createMember('Pia Photo')
  idToken = await idTokenOf(member)
  // Selected for the cold brew test, shipped and delivered: the review can be written.
  await asMember('PUT', 'logistics/v1/members/address', { name: 'Pia Photo', line1: uniqueStreet(), postalCode: '10119', city: 'Berlin', country: 'DE' })
  const campaign = await callSuite('GET', 'suite/api/public/campaigns/kettle-kiln-cold-brew')
  const participation = await asMember('POST', 'logistics/v1/campaigns/process_signup', {
    campaignId: campaign.id,
    answers: [
      { questionId: 'coffee-style', answer: 'Black' },
      { questionId: 'cups', answer: '2–3' },
    ],
  })
  Object.assign(test, { campaignId: campaign.id as string, productId: (campaign.product as Json).id as string, participationId: participation.id as string })
  await operatorCommand({ command: 'ship', id: test.participationId, carrier: 'DHL', tracking: 'JD014600007777' })
  await operatorCommand({ command: 'deliver', id: test.participationId })
})
afterAll(async () => {
  await browser?.close()
})

describe('photos in a review', () => {
  it('attaches two photos, refuses a file that is none beside them, reorders from the keyboard and keeps everything across a reload', async () => {
    await signInThroughUi(page, member, `/en/products/${test.productId}/reviews/${test.campaignId}`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByRole('heading', { name: 'Your review', level: 2 }).waitFor()
    await page.getByRole('radio', { name: '5 stars, Excellent' }).check({ force: true })
    await page.getByLabel('Title').fill('Strong, smooth, and the photos prove it')
    const body = 'Three weeks of iced coffee: one part concentrate to three parts oat milk tastes like a café latte, and the bottle lasted the whole time.'
    await page.getByLabel('Your experience').fill(body)

    // One photo as a phone takes it: where it was taken (GPS), the camera, a colour profile.
    const withGps = await picture(1200, 900)
      .withIccProfile('p3')
      .withExif({
        IFD0: { Make: 'Phonemaker', Model: 'Phone 15' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1200/100', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
      })
      .jpeg()
      .toBuffer()
    expect((await sharp(withGps).metadata()).exif?.includes('Phonemaker')).toBe(true)
    const plain = await picture(800, 800).png().toBuffer()
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add photos' }).click()])
    expect(chooser.isMultiple()).toBe(true)
    await chooser.setFiles([
      { name: 'kettle.jpg', mimeType: 'image/jpeg', buffer: withGps },
      { name: 'pour.png', mimeType: 'image/png', buffer: plain },
    ])
    await page.getByLabel('Describe photo 2').waitFor()
    await expectImagesLoaded('[data-testid=review-photo] img', 2)
    await fillPhotoDescription(1, ALT.kettle)
    await fillPhotoDescription(2, ALT.pour)

    // A text file called a JPEG: refused with a clear message; the photos and the text stay.
    const [again] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add photos' }).click()])
    await again.setFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Shopping list: oat milk, ice, more oat milk.') }])
    await textOnPage(page, '“notes.jpg” is not a photo we can take. Choose a JPEG, PNG, WebP or HEIC image.').waitFor()
    expect(await photoDescriptions()).toEqual([ALT.kettle, ALT.pour])
    expect(await page.getByLabel('Your experience').inputValue()).toBe(body)
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'review-photos-form')

    // From the keyboard: the second photo moves first, and the focus stays on the button pressed.
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction((alt) => (document.querySelector('[data-testid=review-photo] input') as HTMLInputElement | null)?.value === alt, ALT.pour)
    expect(await photoDescriptions()).toEqual([ALT.pour, ALT.kettle])
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move photo 1 earlier')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.waitForFunction((alt) => (document.querySelector('[data-testid=review-photo] input') as HTMLInputElement | null)?.value === alt, ALT.kettle)
    expect(await photoDescriptions()).toEqual([ALT.kettle, ALT.pour])

    // A reload loses nothing: text, photos, their order and descriptions.
    await page.reload({ waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.getByTestId('draft-restored').waitFor()
    await page.getByLabel('Describe photo 2').waitFor()
    expect(await photoDescriptions()).toEqual([ALT.kettle, ALT.pour])
    await expectImagesLoaded('[data-testid=review-photo] img', 2)
    expect(await page.getByLabel('Your experience').inputValue()).toBe(body)
  })

  it('sends the review with its photos; they are public only once it is approved, with their descriptions and no metadata', async () => {
    await page.getByLabel('I received this product for free and my review is my honest opinion.').check()
    await page.getByRole('button', { name: 'Submit my review' }).click()
    await page.getByRole('heading', { name: 'Thank you! Your review is waiting for moderation' }).waitFor()
    await expectImagesLoaded('[aria-label="Your photos"] img', 2)

    const rc = await callSuite('GET', `logistics/v1/content/rc_product?productId=${test.productId}&campaignId=${test.campaignId}`, { token: idToken })
    const review = rc.review as { id: string; photos: Array<{ id: string; alt: string }> }
    expect(review.photos.map((p) => p.alt)).toEqual([ALT.kettle, ALT.pour])
    test.reviewId = review.id
    test.photoIds = review.photos.map((p) => p.id)
    const publicPhoto = (id: string, size = 'display') => fetch(`${baseUrl()}/images/reviews/${id}/${size}`)
    // Waiting for moderation: not public.
    expect((await publicPhoto(test.photoIds[0]!)).status).toBe(404)

    await operatorCommand({ command: 'approve-review', reviewId: test.reviewId })
    await gotoHydrated(page, `/en/reviews/${test.reviewId}`)
    const photos = page.getByTestId('review-photos')
    await photos.getByRole('img', { name: ALT.kettle }).waitFor()
    expect(await photos.getByRole('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')))).toEqual([ALT.kettle, ALT.pour])
    await expectImagesLoaded('[data-testid=review-photos] img', 2)
    await expectNoAxeViolations(page)
    await screenshotFromTop(page, 'review-photos-public')

    // A link to the review shared in a chat shows its first photo: the card names it with its size and description.
    const html = await (await fetch(`${baseUrl()}/en/reviews/${test.reviewId}`)).text()
    const card = Object.fromEntries(
      [...html.matchAll(/<meta property="(og:image[^"]*)" content="([^"]*)"/g)].map(([, property, content]) => [property, content]),
    )
    expect(card).toMatchObject({ 'og:image': `${baseUrl()}/images/reviews/${test.photoIds[0]}/display`, 'og:image:width': '1200', 'og:image:alt': ALT.kettle })
    expect((await fetch(card['og:image']!)).status).toBe(200)

    // The file served for the photo taken with GPS carries no metadata at all.
    for (const size of ['display', 'thumb']) {
      const served = await publicPhoto(test.photoIds[0]!, size)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/jpeg')
      const bytes = Buffer.from(await served.arrayBuffer())
      const meta = await sharp(bytes).metadata()
      expect(meta).toMatchObject({ format: 'jpeg', width: size === 'display' ? 1200 : 400 })
      expect(meta.exif).toBeUndefined()
      expect(meta.icc).toBeUndefined()
      expect(meta.xmp).toBeUndefined()
      expect(meta.iptc).toBeUndefined()
      expect(bytes.includes('Phonemaker')).toBe(false)
    }
  })
})
