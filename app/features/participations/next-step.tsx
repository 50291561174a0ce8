import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Participation } from '#contract/participations'
import { Button } from '~/components/ui/button'
import { formatDate } from '~/lib/date-format'
import { nextStepOf } from '~/lib/participation-steps'
import { useLocale } from '~/lib/locale'
import { ReviewRejection } from '~/components/member/review-rejection'

/** The sentence saying what happens next in a participation, and the link that does it. */
export function NextStep({ participation: p, showDetailsLink = true }: { participation: Participation; showDetailsLink?: boolean }) {
  const locale = useLocale()
  const { t } = useLingui()
  const step = nextStepOf(p)
  const details = showDetailsLink ? (
    <Button asChild size="small" severity="secondary">
      <Link to="/$locale/member/campaigns/$id" params={{ locale, id: p.campaignId }} aria-label={t`See details of ${p.campaign.title}`}>
        {t`See details`}
      </Link>
    </Button>
  ) : null
  const writeReview = (label: string) => (
    <Button asChild size="small">
      <Link to="/$locale/products/$id/reviews/$campaignId" params={{ locale, id: p.campaign.productId, campaignId: p.campaignId }}>
        {label}
      </Link>
    </Button>
  )

  let sentence: ReactNode
  let action: ReactNode = details
  switch (step.kind) {
    case 'wait-for-selection':
      sentence = t`We are choosing the testers. You will hear from us by e-mail.`
      break
    case 'waitlisted':
      sentence =
        step.position !== null
          ? t`You are number ${step.position} on the waitlist. A place opens when a selected tester withdraws.`
          : t`You are on the waitlist. A place opens when a selected tester withdraws.`
      break
    case 'not-eligible':
      sentence = t`You were not eligible for this test. See why, and what you can change.`
      break
    case 'not-selected':
      sentence = t`Not chosen this time: the team chose other testers when sign-up closed. Thank you for applying; other tests are open to you.`
      break
    case 'confirm-purchase-intent':
      sentence = t`Confirm that you will buy the product, then write your review.`
      action = (
        <Button asChild size="small">
          <Link to="/$locale/member/campaigns/$id" params={{ locale, id: p.campaignId }} hash="tasks">
            {t`Confirm my purchase`}
          </Link>
        </Button>
      )
      break
    case 'wait-for-shipment':
      sentence = t`You are in! We are preparing your product for shipping.`
      break
    case 'track-shipment':
      sentence = p.shipment?.carrier ? t`Your product is on its way with ${p.shipment.carrier}.` : t`Your product is on its way.`
      action = (
        <Button asChild size="small">
          <Link to="/$locale/member/shipments" params={{ locale }}>
            {t`Track my shipment`}
          </Link>
        </Button>
      )
      break
    case 'write-review': {
      const due = formatDate(p.reviewDueAt)
      sentence =
        p.campaign.kind === 'verified-purchase' && p.status === 'selected'
          ? t`Once you have bought and tried the product, please write your review by ${due}.`
          : t`Your product is here. Please write your review by ${due}.`
      action = writeReview(t`Write my review`)
      break
    }
    case 'revise-review':
      sentence = (
        <>
          {t`Your review needs a change before we can publish it.`}
          <span className="block text-sm">
            <ReviewRejection code={step.code} note={step.reason} />
          </span>
        </>
      )
      action = writeReview(t`Revise my review`)
      break
    case 'review-in-moderation':
      sentence = t`Thank you for your review. It is waiting for moderation.`
      break
    case 'read-review': {
      const on = step.publishedAt ? formatDate(step.publishedAt) : null
      sentence = on ? t`Your review was published on ${on}. Thank you for testing!` : t`Your review is published. Thank you for testing!`
      action = (
        <Button asChild size="small" severity="secondary">
          <Link to="/$locale/reviews/$id" params={{ locale, id: step.reviewId }}>
            {t`Read my review`}
          </Link>
        </Button>
      )
      break
    }
    case 'finish-tasks': {
      const remaining = step.open.length
      sentence =
        remaining === 1
          ? t`Your review is published. Finish the last task to complete this test.`
          : t`Your review is published. Finish the ${remaining} remaining tasks to complete this test.`
      action = (
        <Button asChild size="small">
          <Link to="/$locale/member/campaigns/$id" params={{ locale, id: p.campaignId }} hash="tasks">
            {t`See my tasks`}
          </Link>
        </Button>
      )
      break
    }
    case 'completed':
      sentence = t`This test is complete. Thank you for testing!`
      break
    case 'withdrawn': {
      const on = p.withdrawnAt ? formatDate(p.withdrawnAt) : null
      sentence = on ? t`You withdrew from this test on ${on}.` : t`You withdrew from this test.`
      break
    }
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-ink">{sentence}</div>
      {action && <div className="flex shrink-0 gap-2">{action}</div>}
    </div>
  )
}
