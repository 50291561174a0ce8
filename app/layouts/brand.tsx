import { useLingui } from '@lingui/react/macro'
import { cn } from '~/lib/cn'

/** The product's name and mark. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  // On every page, twice: `t`, not `<Trans>` (three components each render).
  const { t } = useLingui()
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-extrabold tracking-tight', inverted ? 'text-white' : 'text-authentic')}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <circle cx="16" cy="16" r="15" className={inverted ? 'fill-white' : 'fill-toga'} />
        <path
          d="M9 16.5l4.5 4.5L23 11.5"
          fill="none"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className={inverted ? 'stroke-toga' : 'stroke-white'}
        />
      </svg>
      <span>{t`Testers Circle`}</span>
    </span>
  )
}
