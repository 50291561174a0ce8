import { useLingui } from '@lingui/react/macro'

/** One star in a 24-unit box: five points, the outer ones 10.5 units from its centre. */
const STAR = 'M12 2.1L14.7 8.88L21.99 9.36L16.37 14.02L18.17 21.09L12 17.2L5.83 21.09L7.63 14.02L2.01 9.36L9.3 8.88Z'
/** Each star's box, plus the room between two stars (a tenth of a star). */
const STEP = 26.4
const WIDTH = 4 * STEP + 24

/**
 * Five stars, read out as "4 out of 5 stars". One drawing for the five (a list of reviews shows one
 * per card), each star filled up to the rounded rating and outlined after it.
 */
export function StarRating({ rating }: { rating: number }) {
  const { t } = useLingui()
  const rounded = Math.round(rating)
  const label = Number.isInteger(rating) ? t`${rating} out of 5 stars` : t`${rating.toFixed(1)} out of 5 stars`
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} 24`}
      className="inline-block h-5 w-[6.75rem] shrink-0 align-middle"
      strokeWidth={2}
      strokeLinejoin="round"
    >
      {[0, 1, 2, 3, 4].map((n) => (
        <path
          key={n}
          d={STAR}
          transform={n === 0 ? undefined : `translate(${n * STEP} 0)`}
          className={n < rounded ? 'fill-[#b7791f] stroke-[#8a5a12]' : 'fill-none stroke-[#8a94a6]'}
        />
      ))}
    </svg>
  )
}
