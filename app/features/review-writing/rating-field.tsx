import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Star } from 'lucide-react'
import { useId } from 'react'
import { cn } from '~/lib/cn'

const RATINGS = [1, 2, 3, 4, 5] as const
const ratingWord = { 1: msg`Poor`, 2: msg`Fair`, 3: msg`Good`, 4: msg`Very good`, 5: msg`Excellent` } as const

/**
 * The rating, 1 to 5 stars, as a native radio group: Tab reaches it, the arrow keys choose, and
 * screen readers announce "4 stars, Very good" rather than five unnamed icons.
 */
export function RatingField({ value, onChange, error }: { value: number | null; onChange: (rating: number) => void; error?: string }) {
  const { t, i18n } = useLingui()
  const name = useId()
  const errorId = `${name}-error`
  const chosen = value !== null && value >= 1 && value <= 5 ? i18n._(ratingWord[value as 1 | 2 | 3 | 4 | 5]) : null
  return (
    // A group of radio buttons: the group, not each button, is what is invalid.
    <fieldset role="radiogroup" className="flex flex-col gap-1.5" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 font-semibold text-ink">{t`Your rating`}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex gap-1">
          {RATINGS.map((rating) => {
            const word = i18n._(ratingWord[rating])
            const filled = value !== null && rating <= value
            return (
              <label
                key={rating}
                className="cursor-pointer rounded-md p-1 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus-ring"
              >
                <input type="radio" name={name} value={rating} checked={value === rating} onChange={() => onChange(rating)} className="sr-only" />
                <Star aria-hidden="true" className={cn('size-8', filled ? 'fill-[#b45309] text-[#b45309]' : 'fill-white text-[#6b7280]')} />
                <span className="sr-only">{rating === 1 ? t`1 star, ${word}` : t`${rating} stars, ${word}`}</span>
              </label>
            )
          })}
        </div>
        <span className="text-ink" aria-hidden="true">
          {chosen !== null ? t`${value} of 5 · ${chosen}` : t`Choose from 1 to 5 stars`}
        </span>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  )
}
