/** The size every catalogue picture is drawn at (the member API's product images). */
export const PRODUCT_IMAGE_SIZE = { width: 400, height: 300 } as const

/** A catalogue image name: letters, digits and dashes, ending in .svg. */
export function isProductImageName(name: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,80}\.svg$/i.test(name)
}

/**
 * The portal address of a product image the member API names (e.g.
 * `/suite/api/public/images/cold-brew.svg` → `/images/products/cold-brew.svg`): browsers load
 * images through the portal, never from the member API. Null when there is no usable image.
 */
export function productImageSrc(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null
  const name = imageUrl.split(/[?#]/)[0]?.split('/').at(-1) ?? ''
  return isProductImageName(name) ? `/images/products/${name}` : null
}
