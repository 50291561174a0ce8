// Product images: uploaded by staff in the console, several per product, in the order staff set,
// each with its alt text. They go through the review photos' pipeline (type read from the bytes,
// re-encoded without metadata, a display size and a thumbnail) and are served to anyone.
import * as v from 'valibot'
import { Uuid } from './common'
import { PHOTO_MAX_BYTES, PHOTO_SIZES, PHOTO_UPLOAD_TYPES, type PhotoSize } from './review-photos'

/** Images one product may have. */
export const PRODUCT_IMAGES_MAX = 8
/** The largest image file the member API takes, as for review photos (10 MB). */
export const PRODUCT_IMAGE_MAX_BYTES = PHOTO_MAX_BYTES
/** The longest alt text of an image. */
export const PRODUCT_IMAGE_ALT_MAX = 200
/** What a browser may upload, told apart by the file's first bytes, never by its name. */
export const PRODUCT_IMAGE_UPLOAD_TYPES = PHOTO_UPLOAD_TYPES
/** The sizes each image is stored in: the product's own page, and lists and previews. */
export const PRODUCT_IMAGE_SIZES = PHOTO_SIZES
export type ProductImageSize = PhotoSize
/** The name of a drawn image of the demo catalogue (`cold-brew.svg`): letters, digits and dashes, ending in .svg. */
export const DEMO_IMAGE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/i

/**
 * The member API's field message (field `image`) for each refusal of an upload (and of removing
 * the last image), matched by the console to word it beside the file. Nothing is stored when an
 * image is refused.
 */
export const PRODUCT_IMAGE_REFUSED = {
  type: 'must be a JPEG, PNG, WebP or HEIC image',
  size: `must be at most ${PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
  unreadable: 'could not be read as an image',
  count: `a product has at most ${PRODUCT_IMAGES_MAX} images`,
  /** A removal: publishing needs an image, so a product a published campaign tests keeps its last one. */
  last: 'a published campaign tests this product: it keeps at least one image',
} as const

/** An image's alt text: what it shows, read to people who cannot see it. Required. */
export const ProductImageAltSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(PRODUCT_IMAGE_ALT_MAX, `at most ${PRODUCT_IMAGE_ALT_MAX} characters`),
)

/**
 * A product image as public pages show it, in the product's order: `url` is the member API's
 * address of its display size (older demo data: a static SVG's), with its alt text and pixel size.
 */
export const ProductImageSchema = v.strictObject({ url: v.string(), alt: v.string(), width: v.number(), height: v.number() })
export type ProductImage = v.InferOutput<typeof ProductImageSchema>

/** A product image in the console: its id (for the thumbnail, the alt text, moving and removing). */
export const OpsProductImageSchema = v.strictObject({ id: v.string(), alt: v.string(), width: v.number(), height: v.number() })
export type OpsProductImage = v.InferOutput<typeof OpsProductImageSchema>

/** A product's images after a change, in their order. */
export const OpsProductImagesSchema = v.strictObject({ productId: v.string(), images: v.array(OpsProductImageSchema) })
export type OpsProductImages = v.InferOutput<typeof OpsProductImagesSchema>

/** POST ops/v1/product-images?productId=…&alt=…: the body is the image file's bytes. */
export const ProductImageUploadQuerySchema = v.strictObject({ productId: Uuid, alt: ProductImageAltSchema })

/** PATCH ops/v1/product-images/:id */
export const ProductImageAltBodySchema = v.strictObject({ alt: ProductImageAltSchema })

/** POST ops/v1/product-images/:id/position: the image's new place, counted from 0 (the first image leads). */
export const ProductImageMoveBodySchema = v.strictObject({
  position: v.pipe(v.number(), v.integer('must be a whole number'), v.minValue(0, 'must be 0 or more'), v.maxValue(PRODUCT_IMAGES_MAX - 1)),
})
