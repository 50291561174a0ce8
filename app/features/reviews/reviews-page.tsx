import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Button } from '~/components/ui/button'
import { SelectField } from '~/components/ui/field'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { reviewListQuery } from '~/features/reviews/reviews.queries'
import { MIN_RATINGS, pageCount, REVIEWS_PAGE_SIZE, reviewListInput, type ReviewsSearch } from '~/features/reviews/review-filter'
import { Pagination } from './pagination'
import { ReviewCard } from '~/components/catalogue/review-card'
import { localePath, useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The public reviews: filters (category, minimum rating), the list and its pages. */
export function ReviewsList({ search }: { search: ReviewsSearch }) {
  const locale = useLocale()
  const { t } = useLingui()
  const navigate = useNavigate()
  const page = search.page ?? 1
  const data = useSuspenseQueryData(reviewListQuery(reviewListInput(search)))
  // The categories to filter by are data. The one in the address is offered even when the list does
  // not have it (unavailable, or no such category), by its slug, so the filter shows what is applied.
  const listed = useQuery(categoriesQuery).data ?? []
  const chosen = search.category
  const categories = chosen && !listed.some((c) => c.slug === chosen) ? [...listed, { slug: chosen, name: chosen }] : listed
  const filtered = search.category !== undefined || search.rating !== undefined

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const category = String(form.get('category') ?? '')
    const rating = Number(form.get('rating') ?? '')
    void navigate({
      to: '/$locale/reviews',
      params: { locale },
      search: {
        // The select offers the categories only; the route checks the address's value again.
        category: category === '' ? undefined : category,
        rating: rating >= 1 && rating <= 5 ? rating : undefined,
      },
    })
  }

  return (
    <div>
      <form
        method="get"
        action={localePath('/reviews', locale)}
        onSubmit={applyFilters}
        aria-label={t`Filter reviews`}
        className="grid gap-4 rounded-2xl border border-line bg-canvas p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-5"
        // The selects keep the chosen filters when the address changes.
        key={`${search.category ?? ''}-${search.rating ?? ''}`}
      >
        <SelectField
          label={t`Category`}
          name="category"
          defaultValue={search.category ?? ''}
          options={[{ value: '', label: t`All categories` }, ...categories.map((c) => ({ value: c.slug, label: c.name }))]}
        />
        <SelectField
          label={t`Rating`}
          name="rating"
          defaultValue={search.rating === undefined ? '' : String(search.rating)}
          options={[
            { value: '', label: t`Any rating` },
            ...MIN_RATINGS.map((n) => ({ value: String(n), label: n === 5 ? t`5 stars only` : t`${n} stars and up` })),
          ]}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t`Show reviews`}</Button>
          {filtered && (
            <Button asChild variant="text" severity="secondary">
              <Link to="/$locale/reviews" params={{ locale }}>
                <Trans>Clear filters</Trans>
              </Link>
            </Button>
          )}
        </div>
      </form>

      <div className="mt-8">
        {data.items.length === 0 ? (
          <div className="rounded-2xl border border-line bg-white p-6">
            <p className="font-semibold text-ink">
              {filtered ? <Trans>No published reviews match these filters yet.</Trans> : <Trans>No reviews have been published yet.</Trans>}
            </p>
            <p className="mt-2 text-muted">
              {filtered ? (
                <Trans>Try another category or a lower rating, or clear the filters to see every review.</Trans>
              ) : (
                <Trans>Reviews appear here once testers have tried their products. Have a look at the campaigns open now.</Trans>
              )}
            </p>
            <p className="mt-4">
              {filtered ? (
                <Link to="/$locale/reviews" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
                  <Trans>See every review</Trans>
                </Link>
              ) : (
                <Link to="/$locale/campaign-details" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
                  <Trans>See the current campaigns</Trans>
                </Link>
              )}
            </p>
          </div>
        ) : (
          <>
            <p className="mb-4 text-ink" role="status">
              {data.averageRating === null ? (
                <Trans>{data.total} reviews</Trans>
              ) : (
                <Trans>
                  {data.total} reviews, rated {data.averageRating} out of 5 on average
                </Trans>
              )}
            </p>
            <ul className="grid grid-cols-1 gap-5 md:grid-cols-2">
              {data.items.map((review) => (
                <li key={review.id} className="render-when-near [--near-height:32rem]">
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(data.total, REVIEWS_PAGE_SIZE)}
              linkTo={(n) => ({ to: '/$locale/reviews', params: { locale }, search: { ...search, ...pageAddress(n, page, data) } })}
            />
          </>
        )}
      </div>
    </div>
  )
}

/**
 * The address of page `n` seen from page `current`: the next page follows the last review shown,
 * the previous one precedes the first (so a deep page is read from where the reader is, not counted
 * from the start); the first page needs no cursor.
 */
function pageAddress(n: number, current: number, data: { nextCursor: string | null; previousCursor: string | null }) {
  if (n === 1) return { page: undefined, after: undefined, before: undefined }
  if (n === current + 1 && data.nextCursor) return { page: n, after: data.nextCursor, before: undefined }
  if (n === current - 1 && data.previousCursor) return { page: n, before: data.previousCursor, after: undefined }
  return { page: n, after: undefined, before: undefined }
}
