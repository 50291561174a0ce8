import { PackageOpen } from 'lucide-react'
import { cn } from '~/lib/cn'

/**
 * A decorative product picture beside its name (the name is the text next to it, so alt is empty).
 * Images load through the portal's /images/products/ address, never from the member API itself.
 */
export function ProductThumb({ imageUrl, className }: { imageUrl: string; className?: string }) {
  const name = imageUrl.split(/[?#]/)[0]?.split('/').at(-1) ?? ''
  if (!/^[a-z0-9][a-z0-9-]{0,80}\.svg$/i.test(name)) {
    return (
      <div aria-hidden="true" className={cn('flex items-center justify-center rounded-lg bg-authentic-soft text-authentic', className)}>
        <PackageOpen className="size-8" />
      </div>
    )
  }
  return <img src={`/images/products/${name}`} alt="" loading="lazy" decoding="async" className={cn('rounded-lg bg-authentic-soft object-cover', className)} />
}
