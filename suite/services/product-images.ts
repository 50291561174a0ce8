// Product images as anyone sees them: a product's images in order with their alt text, and their
// files (display size and thumbnail, JPEG without metadata) from the photo storage. Staff add, move,
// describe and remove them (staff/product-images.ts).
import { asc, eq, inArray } from 'drizzle-orm'
import { fillPath, PUBLIC_PRODUCT_IMAGE_PATH } from '../../contract/paths'
import { PRODUCT_IMAGE_SIZES, type OpsProductImage, type ProductImage, type ProductImageSize } from '../../contract/product-images'
import type { Executor } from '../db/client'
import { productImages, type products } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { notFound } from '../http/errors'

type ProductRow = typeof products.$inferSelect

export const productImageKey = (id: string, size: ProductImageSize) => `product-images/${id}/${size}.jpg`

/** The member API's public address of an image's display size (what products.images holds). */
export const productImageUrl = (id: string) => `/${fillPath(PUBLIC_PRODUCT_IMAGE_PATH, { id, size: 'display' })}`

/** The size the static SVGs of older demo data are drawn at. */
const STATIC_SVG_SIZE = { width: 400, height: 300 }

/** The images of these products, each product's in order (none: an empty list). */
export async function imagesOfProducts(ex: Executor, productIds: string[]): Promise<Map<string, OpsProductImage[]>> {
  const result = new Map<string, OpsProductImage[]>(productIds.map((id) => [id, []]))
  if (productIds.length === 0) return result
  const rows = await ex
    .select({ productId: productImages.productId, id: productImages.id, alt: productImages.alt, width: productImages.width, height: productImages.height })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position))
  for (const { productId, ...image } of rows) result.get(productId)?.push(image)
  return result
}

/**
 * A product's images as its public pages show them, each with its alt text. A product of older demo
 * data, with static SVG addresses and no uploaded image, shows those, named by the product itself.
 */
export async function publicProductImages(ex: Executor, product: Pick<ProductRow, 'id' | 'brand' | 'name' | 'images'>): Promise<ProductImage[]> {
  const uploaded = (await imagesOfProducts(ex, [product.id])).get(product.id) ?? []
  if (uploaded.length > 0) return uploaded.map((image) => ({ url: productImageUrl(image.id), alt: image.alt, width: image.width, height: image.height }))
  return product.images.map((url) => ({ url, alt: `${product.brand} ${product.name}`, ...STATIC_SVG_SIZE }))
}

/** The file of a product image in a size; an unknown id is NOT_FOUND. */
export async function productImageFile(deps: Pick<SuiteDeps, 'db' | 'photoStorage' | 'logger'>, imageId: string, size: ProductImageSize): Promise<Uint8Array> {
  const [image] = await deps.db.select({ id: productImages.id }).from(productImages).where(eq(productImages.id, imageId))
  if (!image) throw notFound('Image')
  const bytes = await deps.photoStorage.get(productImageKey(image.id, size))
  if (!bytes) {
    deps.logger.warn({ imageId, size }, 'a recorded product image has no file in the photo storage')
    throw notFound('Image')
  }
  return bytes
}

/**
 * Deletes the files of images whose rows are gone. A file that cannot be deleted now is logged and
 * left: nothing refers to it any more, so no one is shown it.
 */
export async function removeProductImageFiles(deps: Pick<SuiteDeps, 'photoStorage' | 'logger'>, imageIds: string[]): Promise<void> {
  const keys = imageIds.flatMap((id) => PRODUCT_IMAGE_SIZES.map((size) => productImageKey(id, size)))
  const results = await Promise.allSettled(keys.map((key) => deps.photoStorage.delete(key)))
  results.forEach((result, i) => {
    if (result.status === 'rejected') deps.logger.error({ err: result.reason, key: keys[i] }, 'deleting a product image file failed; the file is left behind')
  })
}
