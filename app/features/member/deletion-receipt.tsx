import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { DeletionKept, DeletionReceipt, DeletionRemoved } from '#contract/members'
import { Button } from '~/components/ui/button'
import { DEFAULT_LOCALE } from '~/i18n/i18n'
import { formatDate } from '~/lib/date-format'

/** What an account deletion removes, in the words of the page before it and of the receipt after it. */
export const REMOVED_LABEL: Record<DeletionRemoved, MessageDescriptor> = {
  profile: msg`Your name and display name`,
  contact: msg`Your e-mail address and phone number`,
  'birth-date-gender': msg`Your birth date and gender`,
  'languages-preferences': msg`Your languages, household and interests`,
  address: msg`Your shipping address`,
  payout: msg`Your payout details (PayPal or bank account)`,
  'social-profiles': msg`Your social media profiles`,
  'social-posts': msg`Your social media posts and their reach`,
  'screener-answers': msg`Your answers to application questions`,
  'return-comments': msg`Your comments on returns`,
  'unpublished-reviews': msg`Your reviews that were not published`,
  'review-photos': msg`The photos in your reviews, published ones included`,
  'codes-and-messages': msg`One-time codes, messages to you and logs that mention you`,
  'sign-in-account': msg`Your sign-in account`,
  sessions: msg`Every signed-in session, on every device`,
}

/** What an account deletion keeps, and why; none of it names the member any more. */
export const KEPT_LABEL: Record<DeletionKept, { what: MessageDescriptor; why: MessageDescriptor }> = {
  'published-reviews': {
    what: msg`Your published reviews, shown as written by “Former member”`,
    why: msg`They help other members choose, and they no longer name you.`,
  },
  'accounting-records': {
    what: msg`Records of shipments, reimbursements, points and rewards`,
    why: msg`Tax and accounting law requires us to keep them for the statutory period. They no longer name you.`,
  },
  'participation-history': {
    what: msg`Which product tests took place, as anonymous counts`,
    why: msg`Brands receive the results of their tests in aggregate.`,
  },
}

/**
 * The deletion receipt, shown once in place of the deletion page: reference, date, what was removed
 * and what was kept. The member is signed out by then; a copy went to the address they held.
 */
export function DeletionReceiptView({ receipt }: { receipt: DeletionReceipt }) {
  const { t, i18n } = useLingui()
  const heading = useRef<HTMLHeadingElement>(null)
  // The page changed under the member's hands: the receipt's heading takes the focus, so keyboard
  // and screen reader users are told what happened, and the page goes back to its top, so the
  // sticky header does not cover the heading.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
    window.scrollTo({ top: 0 })
  }, [])
  const date = formatDate(receipt.deletedAt)
  const withdrawn = receipt.withdrawnParticipations
  return (
    <section
      aria-labelledby="deletion-receipt-heading"
      className="space-y-6 rounded-2xl border border-line bg-white p-6 shadow-sm"
      data-testid="deletion-receipt"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="deletion-receipt-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-authentic">
            <Trans>Deletion receipt</Trans>
          </h2>
          <p className="mt-1 text-ink">
            <Trans>Print it, or keep the copy we e-mailed you, for your records.</Trans>
          </p>
        </div>
        <Button severity="secondary" className="print:hidden" onClick={() => window.print()}>
          {t`Print receipt`}
        </Button>
      </div>

      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
        <dt className="font-medium text-ink">{t`Reference`}</dt>
        <dd className="font-mono text-ink" data-testid="deletion-reference">
          {receipt.reference}
        </dd>
        <dt className="font-medium text-ink">{t`Deleted on`}</dt>
        <dd className="text-ink">{date}</dd>
      </dl>

      <div>
        <h3 className="font-semibold text-authentic">{t`What we removed`}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-ink">
          {receipt.removed.map((code) => (
            <li key={code}>{i18n._(REMOVED_LABEL[code])}</li>
          ))}
          {withdrawn > 0 && <li>{t`Your open applications, withdrawn: ${withdrawn}`}</li>}
        </ul>
      </div>

      <div>
        <h3 className="font-semibold text-authentic">{t`What we kept, and why`}</h3>
        {receipt.kept.length === 0 ? (
          <p className="mt-2 text-ink">{t`Nothing but an anonymous record that an account existed.`}</p>
        ) : (
          <ul className="mt-2 list-disc space-y-1 pl-6 text-ink">
            {receipt.kept.map((code) => (
              <li key={code}>
                {i18n._(KEPT_LABEL[code].what)}. {i18n._(KEPT_LABEL[code].why)}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="space-y-2 text-ink">
        {receipt.sentTo ? (
          <p>{t`A copy was sent to ${receipt.sentTo}.`}</p>
        ) : (
          <p>{t`Your account had no e-mail address, so no copy was sent. Print this receipt to keep it.`}</p>
        )}
        <p>
          <Trans>Quote the reference if you contact us about this deletion. You are welcome to register again at any time, as a new member.</Trans>
        </p>
      </div>

      <p className="print:hidden">
        <Link to="/$locale" params={{ locale: DEFAULT_LOCALE }} className="font-semibold text-colbolt underline">
          {t`Go to the home page`}
        </Link>
      </p>
    </section>
  )
}
