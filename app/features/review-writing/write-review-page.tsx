import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Star } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { MemberReview, RcProduct } from '#contract/content'
import { ReviewRejection } from '~/components/member/review-rejection'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { ProductThumb } from '~/components/catalogue/product-thumb'
import { myReviewPhotoSrc } from '~/components/catalogue/review-photo-src'
import { formatDate } from '~/lib/date-format'
import { rcProductQuery } from '~/features/review-writing/review-writing.queries'
import { ReviewForm } from './review-form'
import { useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The review page: the product, then the form, the review's status, or why it cannot be written yet. */
export function WriteReview({ productId, campaignId }: { productId: string; campaignId: string }) {
  const data = useSuspenseQueryData(rcProductQuery(productId, campaignId))
  const [justSubmitted, setJustSubmitted] = useState(false)

  return (
    <div className="flex flex-col gap-8">
      <ProductSummary page={data} />
      {data.review && (data.review.status !== 'rejected' || !data.canSubmit) ? (
        <ReviewStatus review={data.review} page={data} announce={justSubmitted} />
      ) : data.canSubmit ? (
        <ReviewForm page={data} onSubmitted={() => setJustSubmitted(true)} />
      ) : (
        <NotYet page={data} />
      )}
    </div>
  )
}

function ProductSummary({ page }: { page: RcProduct }) {
  const { t } = useLingui()
  return (
    <section aria-labelledby="product-heading" className="flex gap-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <ProductThumb imageUrl={page.product.images[0]?.url ?? ''} className="size-20 shrink-0 sm:size-24" />
      <div className="min-w-0">
        <h2 id="product-heading" className="text-lg font-semibold text-ink">
          {page.product.name}
        </h2>
        <p className="text-sm text-muted">{t`${page.product.brand} · ${page.campaign.title}`}</p>
        <p className="mt-2 line-clamp-3 text-sm text-ink">{page.product.description}</p>
      </div>
    </section>
  )
}

function ReviewStatus({ review, page, announce }: { review: MemberReview; page: RcProduct; announce: boolean }) {
  const locale = useLocale()
  const { t } = useLingui()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (announce) heading.current?.focus()
  }, [announce])
  const submittedOn = formatDate(review.submittedAt)
  const publishedOn = review.publishedAt ? formatDate(review.publishedAt) : null
  return (
    <section aria-labelledby="review-status-heading" className="flex flex-col gap-4" data-testid="review-status">
      <h2 id="review-status-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-authentic">
        {review.status === 'published'
          ? t`Your review is published`
          : review.status === 'pending'
            ? t`Thank you! Your review is waiting for moderation`
            : t`Your review needs a change`}
      </h2>
      <FormAlert tone={review.status === 'rejected' ? 'error' : review.status === 'published' ? 'success' : 'info'}>
        {review.status === 'pending' && <span>{t`Sent on ${submittedOn}. A moderator reads every review before it appears on the public reviews page.`}</span>}
        {review.status === 'published' && <span>{publishedOn ? t`Published on ${publishedOn}. Thank you for testing!` : t`Thank you for testing!`}</span>}
        {review.status === 'rejected' && (
          <div>
            <ReviewRejection code={review.rejectionCode} note={review.rejectionReason} />
          </div>
        )}
      </FormAlert>
      <article className="rounded-2xl border border-line bg-white p-5" aria-label={t`Your review`}>
        <p className="flex items-center gap-1" aria-label={t`${review.rating} of 5 stars`} role="img">
          {[1, 2, 3, 4, 5].map((n) => (
            <Star key={n} aria-hidden="true" className={n <= review.rating ? 'size-5 fill-[#b45309] text-[#b45309]' : 'size-5 fill-white text-[#6b7280]'} />
          ))}
        </p>
        <h3 className="mt-2 text-lg font-semibold text-ink">{review.title}</h3>
        <p className="mt-2 whitespace-pre-line text-ink">{review.body}</p>
        {review.photos.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t`Your photos`}>
            {review.photos.map((photo) => (
              <li key={photo.id}>
                <img
                  src={myReviewPhotoSrc(photo.id, 'thumb')}
                  alt={photo.alt}
                  width={96}
                  height={96}
                  className="size-24 rounded-lg border border-line object-cover"
                />
              </li>
            ))}
          </ul>
        )}
        {review.receivedForFree && (
          <p className="mt-3 text-sm text-muted">{t`This reviewer received the product for free in exchange for an honest review.`}</p>
        )}
      </article>
      <div className="flex flex-wrap gap-3">
        {review.status === 'published' && (
          <Button asChild>
            <Link to="/$locale/reviews/$id" params={{ locale, id: review.id }}>
              {t`See it on the reviews page`}
            </Link>
          </Button>
        )}
        <Button asChild severity="secondary">
          <Link to="/$locale/member/campaigns/$id" params={{ locale, id: page.campaign.id }}>
            {t`Back to my campaign`}
          </Link>
        </Button>
      </div>
    </section>
  )
}

/** Why the review cannot be written now, in our words (the member API's reason is not translated). */
function NotYet({ page }: { page: RcProduct }) {
  const locale = useLocale()
  const { t } = useLingui()
  const p = page.participation
  let sentence: string
  if (!p) sentence = t`Only testers of this campaign can review the product.`
  else if (p.status === 'shipped' || (p.status === 'selected' && p.campaign.kind === 'free-product'))
    sentence = t`You can write your review once the product has arrived.`
  else if (p.status === 'selected') sentence = t`Confirm your purchase intent first, then come back to write your review.`
  else sentence = t`This participation cannot be reviewed.`
  return (
    <section aria-labelledby="not-yet-heading" className="rounded-2xl border border-line bg-canvas p-6">
      <h2 id="not-yet-heading" className="text-xl font-bold text-authentic">
        <Trans>Not quite yet</Trans>
      </h2>
      <p className="mt-2 text-ink">{sentence}</p>
      <Button asChild severity="secondary" className="mt-4">
        {p ? (
          <Link to="/$locale/member/campaigns/$id" params={{ locale, id: page.campaign.id }}>
            {t`Back to my campaign`}
          </Link>
        ) : (
          <Link to="/$locale/ready-to-test/$id" params={{ locale, id: page.campaign.id }}>
            {t`See the campaign`}
          </Link>
        )}
      </Button>
    </section>
  )
}
