import { PackageOpen } from 'lucide-react'
import { cn } from '~/lib/cn'
import { PRODUCT_IMAGE_SIZE, productImageSrc } from './product-image-src'

/**
 * A product picture through the portal, or a neutral tile when the product has none. Catalogue
 * pictures are 400 × 300: the size is given so the page does not move when they arrive. Pictures
 * load when they come near the screen, except the one a page leads with (`eager`).
 */
export function ProductImage({ imageUrl, alt, className, eager = false }: { imageUrl: string; alt: string; className?: string; eager?: boolean }) {
  const src = productImageSrc(imageUrl)
  if (!src) {
    return (
      <div role="img" aria-label={alt} className={cn('flex items-center justify-center bg-authentic-soft text-authentic', className)}>
        <PackageOpen className="size-10" aria-hidden="true" />
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={alt}
      width={PRODUCT_IMAGE_SIZE.width}
      height={PRODUCT_IMAGE_SIZE.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('bg-authentic-soft object-cover', className)}
    />
  )
}
