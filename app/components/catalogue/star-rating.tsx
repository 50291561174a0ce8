import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { cn } from '~/lib/cn'

/** Five stars, read out as "4 out of 5 stars". */
export function StarRating({ rating, size = 'medium', className }: { rating: number; size?: 'small' | 'medium'; className?: string }) {
  const { t } = useLingui()
  const rounded = Math.round(rating)
  const label = Number.isInteger(rating) ? t`${rating} out of 5 stars` : t`${rating.toFixed(1)} out of 5 stars`
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(size === 'small' ? 'size-4' : 'size-5', n <= rounded ? 'fill-[#b7791f] text-[#8a5a12]' : 'fill-none text-[#8a94a6]')}
        />
      ))}
    </span>
  )
}
