import { UUID_PATTERN } from '#contract/common'
import { DEMO_IMAGE_NAME, type ProductImageSize } from '#contract/product-images'

/** The size every catalogue picture is drawn at (the member API's product images). */
export const PRODUCT_IMAGE_SIZE = { width: 400, height: 300 } as const

/** A catalogue image name: letters, digits and dashes, ending in .svg. */
export function isProductImageName(name: string): boolean {
  return DEMO_IMAGE_NAME.test(name)
}

/** The member API's address of an uploaded image (suite/api/public/product-images/:id/:size). */
const UPLOADED_URL = new RegExp(`/suite/api/public/product-images/(${UUID_PATTERN})/(?:display|thumb)$`, 'i')
/** The portal's name of an uploaded image in a size: `<id>-display.jpg`, `<id>-thumb.jpg`. */
const UPLOADED_NAME = new RegExp(`^(${UUID_PATTERN})-(display|thumb)\\.jpg$`, 'i')

/** The portal address of an uploaded product image in a size. */
export const productImageFileSrc = (id: string, size: ProductImageSize) => `/images/products/${id.toLowerCase()}-${size}.jpg`

/** The image id and size a portal image name asks for, or null when it is not an uploaded image's. */
export function uploadedImageOf(name: string): { id: string; size: ProductImageSize } | null {
  const match = UPLOADED_NAME.exec(name)
  return match ? { id: match[1]!.toLowerCase(), size: match[2] as ProductImageSize } : null
}

/**
 * The portal address of a product image the member API names, in a size: a static SVG of the demo
 * catalogue (`/suite/api/public/images/cold-brew.svg` → `/images/products/cold-brew.svg`, one size)
 * or an uploaded image (`/suite/api/public/product-images/<id>/display` →
 * `/images/products/<id>-thumb.jpg` for the thumbnail). Browsers load images through the portal,
 * never from the member API. Null when there is no usable image.
 */
export function productImageSrc(imageUrl: string | null | undefined, size: ProductImageSize = 'display'): string | null {
  if (!imageUrl) return null
  const path = imageUrl.split(/[?#]/)[0] ?? ''
  const uploaded = UPLOADED_URL.exec(path)
  if (uploaded) return productImageFileSrc(uploaded[1]!, size)
  const name = path.split('/').at(-1) ?? ''
  return isProductImageName(name) ? `/images/products/${name}` : null
}

/**
 * The candidates of an `<img srcset>` for a product image: the thumbnail (400 px on its longer side)
 * and the display size (1600 px), so small cards load the small file. None for a static SVG.
 */
export function productImageSrcSet(imageUrl: string | null | undefined): string | undefined {
  const thumb = productImageSrc(imageUrl, 'thumb')
  const display = productImageSrc(imageUrl, 'display')
  return thumb && display && thumb !== display ? `${thumb} 400w, ${display} 1600w` : undefined
}
