// Product images for campaign managers: added from the console (or by the demo seed), described,
// moved and removed, each audited. An upload goes through the review photos' pipeline: its type read
// from the bytes (JPEG, PNG, WebP or HEIC, whatever the file is called), re-encoded without any of
// its metadata in a display size and a thumbnail, stored through the photo storage. Every change
// locks the product's row, keeps positions 0, 1, 2… and rewrites products.images in the same
// transaction.
import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { PRODUCT_IMAGE_REFUSED, PRODUCT_IMAGES_MAX, ProductImageAltSchema, type OpsProductImage, type OpsProductImages } from '../../contract/product-images'
import type { Executor, Tx } from '../db/client'
import { campaigns, productImages, products } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { ApiError, badRequest, notFound } from '../http/errors'
import { processPhoto, sniffPhotoType, UnreadablePhoto } from '../services/photo-images'
import { imagesOfProducts, productImageKey, productImageUrl, removeProductImageFiles } from '../services/product-images'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

type ImageDeps = Pick<SuiteDeps, 'db' | 'clock' | 'photoStorage' | 'logger' | 'imageWork'>
type ImageRow = typeof productImages.$inferSelect

const refused = (problem: 'type' | 'size' | 'unreadable') =>
  badRequest('The image was not taken', { image: [PRODUCT_IMAGE_REFUSED[problem]] }, { code: 'image-refused', problem })
const tooMany = () =>
  new ApiError('CONFLICT', `A product has at most ${PRODUCT_IMAGES_MAX} images`, { image: [PRODUCT_IMAGE_REFUSED.count] }, undefined, {
    code: 'image-refused',
    problem: 'count',
  })
/** The refusal of a file over PRODUCT_IMAGE_MAX_BYTES (the route reads the body with that limit). */
export const productImageTooLarge = () => refused('size')

/** The alt text as the contract takes it (1 to 200 characters, spaces trimmed), else a 400 on `alt`. */
function checkedAlt(alt: string): string {
  const parsed = v.safeParse(ProductImageAltSchema, alt)
  if (!parsed.success) throw badRequest('The alt text was not taken', { alt: parsed.issues.map((issue) => issue.message) })
  return parsed.output
}

async function imageCount(ex: Executor, productId: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(productImages).where(eq(productImages.productId, productId))
  return row?.n ?? 0
}

/** Locks the product's row: changes to one product's images happen one at a time. */
async function lockProduct(tx: Tx, productId: string): Promise<void> {
  const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
  if (!locked) throw notFound('Product')
}

/** The image, read again once its product is locked (it may have gone meanwhile). */
async function lockedImage(tx: Tx, imageId: string): Promise<ImageRow> {
  const [image] = await tx.select({ productId: productImages.productId }).from(productImages).where(eq(productImages.id, imageId))
  if (!image) throw notFound('Image')
  await lockProduct(tx, image.productId)
  const [current] = await tx.select().from(productImages).where(eq(productImages.id, imageId))
  if (!current) throw notFound('Image')
  return current
}

/** Gives the product's images the positions of this order, and products.images their addresses. */
async function writeOrder(tx: Tx, productId: string, orderedIds: string[]): Promise<OpsProductImages> {
  for (const [position, id] of orderedIds.entries()) {
    await tx
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.id, id), eq(productImages.productId, productId)))
  }
  await tx
    .update(products)
    .set({ images: orderedIds.map(productImageUrl) })
    .where(eq(products.id, productId))
  return { productId, images: (await imagesOfProducts(tx, [productId])).get(productId) ?? [] }
}

const orderOf = async (tx: Tx, productId: string) => ((await imagesOfProducts(tx, [productId])).get(productId) ?? []).map((image) => image.id)

const auditedImage = (image: Pick<ImageRow, 'id' | 'alt' | 'position'>) => ({ imageId: image.id, alt: image.alt, position: image.position })

/** A product's images in their order (the console). */
export async function productImagesOf(ex: Executor, productId: string): Promise<OpsProductImage[]> {
  return (await imagesOfProducts(ex, [productId])).get(productId) ?? []
}

/**
 * Adds an image at the end of the product's images, with its alt text. Refused, with nothing stored,
 * when the product has PRODUCT_IMAGES_MAX images already, when the alt text is empty or too long,
 * when the bytes are not a JPEG, PNG, WebP or HEIC image whatever the file was called (an SVG too:
 * the seed rasterises its drawings first), or when its pixels cannot be read. What is stored is
 * re-encoded, in both sizes, without any of the file's metadata. The demo seed calls this too.
 */
export async function addProductImage(deps: ImageDeps, actor: StaffActor, productId: string, bytes: Uint8Array, alt: string): Promise<OpsProductImages> {
  const description = checkedAlt(alt)
  const [product] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId))
  if (!product) throw notFound('Product')
  // Counted before the costly part, and again under the product's lock before recording.
  if ((await imageCount(deps.db, productId)) >= PRODUCT_IMAGES_MAX) throw tooMany()
  const type = sniffPhotoType(bytes)
  if (!type) throw refused('type')
  let processed
  try {
    processed = await deps.imageWork.run(() => processPhoto(bytes, type))
  } catch (error) {
    if (error instanceof UnreadablePhoto) throw refused('unreadable')
    throw error
  }
  const id = randomUUID()
  await Promise.all([
    deps.photoStorage.put(productImageKey(id, 'display'), processed.display, 'image/jpeg'),
    deps.photoStorage.put(productImageKey(id, 'thumb'), processed.thumb, 'image/jpeg'),
  ])
  const now = deps.clock.now()
  try {
    return await deps.db.transaction(async (tx) => {
      await lockProduct(tx, productId)
      const order = await orderOf(tx, productId)
      if (order.length >= PRODUCT_IMAGES_MAX) throw tooMany()
      const image = { id, productId, position: order.length, alt: description, width: processed.width, height: processed.height, createdAt: now }
      await tx.insert(productImages).values(image)
      const result = await writeOrder(tx, productId, [...order, id])
      await recordAudit(
        tx,
        actor,
        {
          action: 'product.image-add',
          targetType: 'product',
          targetId: productId,
          changes: { before: null, after: { ...auditedImage(image), width: image.width, height: image.height } },
        },
        now,
      )
      return result
    })
  } catch (error) {
    await removeProductImageFiles(deps, [id])
    throw error
  }
}

/** Replaces an image's alt text (the same text again changes nothing and writes no entry). */
export async function describeProductImage(deps: ImageDeps, actor: StaffActor, imageId: string, alt: string): Promise<OpsProductImages> {
  const description = checkedAlt(alt)
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const image = await lockedImage(tx, imageId)
    if (image.alt !== description) {
      await tx.update(productImages).set({ alt: description }).where(eq(productImages.id, image.id))
      await recordAudit(
        tx,
        actor,
        {
          action: 'product.image-alt',
          targetType: 'product',
          targetId: image.productId,
          changes: { before: auditedImage(image), after: auditedImage({ ...image, alt: description }) },
        },
        now,
      )
    }
    return { productId: image.productId, images: await productImagesOf(tx, image.productId) }
  })
}

/**
 * Moves an image to a place among the product's images (0 is the first, which leads the product's
 * pages), the others keeping their order. A place past the last image is refused on `position`.
 */
export async function moveProductImage(deps: ImageDeps, actor: StaffActor, imageId: string, position: number): Promise<OpsProductImages> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const image = await lockedImage(tx, imageId)
    const order = await orderOf(tx, image.productId)
    if (position >= order.length) throw badRequest('No such place', { position: [`must be less than ${order.length}`] })
    const from = order.indexOf(image.id)
    if (from === position) return { productId: image.productId, images: await productImagesOf(tx, image.productId) }
    const next = order.filter((id) => id !== image.id)
    next.splice(position, 0, image.id)
    const result = await writeOrder(tx, image.productId, next)
    await recordAudit(
      tx,
      actor,
      {
        action: 'product.image-move',
        targetType: 'product',
        targetId: image.productId,
        changes: { before: { imageId: image.id, position: from }, after: { imageId: image.id, position } },
      },
      now,
    )
    return result
  })
}

/**
 * Removes an image and its files; the images after it move up. The last image of a product that a
 * published campaign tests stays (publishing needs one): archive the campaign or add another first.
 */
export async function removeProductImage(deps: ImageDeps, actor: StaffActor, imageId: string): Promise<OpsProductImages> {
  const now = deps.clock.now()
  const result = await deps.db.transaction(async (tx) => {
    const image = await lockedImage(tx, imageId)
    const order = (await orderOf(tx, image.productId)).filter((id) => id !== image.id)
    if (order.length === 0) {
      const [published] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.productId, image.productId), eq(campaigns.status, 'published')))
        .limit(1)
      if (published) {
        throw new ApiError(
          'CONFLICT',
          'A published campaign tests this product, and it needs an image: add another image before removing this one',
          { image: [PRODUCT_IMAGE_REFUSED.last] },
          undefined,
          { code: 'image-refused', problem: 'last' },
        )
      }
    }
    await tx.delete(productImages).where(eq(productImages.id, image.id))
    const after = await writeOrder(tx, image.productId, order)
    await recordAudit(
      tx,
      actor,
      { action: 'product.image-remove', targetType: 'product', targetId: image.productId, changes: { before: auditedImage(image), after: null } },
      now,
    )
    return after
  })
  await removeProductImageFiles(deps, [imageId])
  return result
}
