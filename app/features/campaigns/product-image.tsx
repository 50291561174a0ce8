import { PackageOpen } from 'lucide-react'
import { cn } from '~/lib/cn'
import { productImageSrc } from './product-image-src'

/** A product picture through the portal, or a neutral tile when the product has none. */
export function ProductImage({ imageUrl, alt, className }: { imageUrl: string; alt: string; className?: string }) {
  const src = productImageSrc(imageUrl)
  if (!src) {
    return (
      <div role="img" aria-label={alt} className={cn('flex items-center justify-center bg-authentic-soft text-authentic', className)}>
        <PackageOpen className="size-10" aria-hidden="true" />
      </div>
    )
  }
  return <img src={src} alt={alt} decoding="async" className={cn('bg-authentic-soft object-cover', className)} />
}
