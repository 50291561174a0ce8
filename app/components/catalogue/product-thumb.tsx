import { PackageOpen } from 'lucide-react'
import { PRODUCT_IMAGE_SIZE, productImageSrc } from '~/components/catalogue/product-image-src'
import { cn } from '~/lib/cn'

/**
 * A decorative product picture beside its name (the name is the text next to it, so alt is empty),
 * loaded through the portal like every product image; an uploaded image in its thumbnail size.
 */
export function ProductThumb({ imageUrl, className }: { imageUrl: string; className?: string }) {
  const src = productImageSrc(imageUrl, 'thumb')
  if (!src) {
    return (
      <div aria-hidden="true" className={cn('flex items-center justify-center rounded-lg bg-authentic-soft text-authentic', className)}>
        <PackageOpen className="size-8" />
      </div>
    )
  }
  return (
    <img
      src={src}
      alt=""
      width={PRODUCT_IMAGE_SIZE.width}
      height={PRODUCT_IMAGE_SIZE.height}
      loading="lazy"
      decoding="async"
      className={cn('rounded-lg bg-authentic-soft object-cover', className)}
    />
  )
}
