import { PackageOpen } from 'lucide-react'
import { cn } from '~/lib/cn'
import { PRODUCT_IMAGE_SIZE, productImageSrc, productImageSrcSet } from './product-image-src'

/**
 * A product picture through the portal, or a neutral tile when the product has none. The size is
 * given (400 × 300 by default, the catalogue's drawings; an uploaded image's own) so the page does
 * not move when it arrives. An uploaded image offers its thumbnail and its display size, the
 * browser taking the one `sizes` calls for. Pictures load when they come near the screen, except
 * the one a page leads with (`eager`).
 */
export function ProductImage({
  imageUrl,
  alt,
  className,
  eager = false,
  size = PRODUCT_IMAGE_SIZE,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
}: {
  imageUrl: string
  alt: string
  className?: string
  eager?: boolean
  size?: { width: number; height: number }
  /** How wide the picture is drawn, as `<img sizes>` says it. */
  sizes?: string
}) {
  const src = productImageSrc(imageUrl)
  const srcSet = productImageSrcSet(imageUrl)
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
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('bg-authentic-soft object-cover', className)}
    />
  )
}
