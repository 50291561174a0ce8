import { Trans, useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import { CalendarDays, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import type { CampaignSummary } from '#contract/campaigns'
import { formatDate } from '~/lib/date-format'
import { cn } from '~/lib/cn'
import { phaseLabel } from '~/lib/campaign-texts'
import { ProductImage } from './product-image'

export function PhaseBadge({ phase }: { phase: CampaignSummary['phase'] }) {
  const { i18n } = useLingui()
  const tone = {
    open: 'bg-[#e4f3ec] text-[#12402f]',
    upcoming: 'bg-[#e6edfb] text-[#1a3366]',
    testing: 'bg-[#eeeafa] text-[#3d2680]',
    completed: 'bg-[#eceef1] text-ink',
  }[phase]
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold', tone)}>{i18n._(phaseLabel[phase])}</span>
}

/** "12 places left" or "Waitlist" for an open campaign; the sign-up dates otherwise. */
export function CampaignTiming({ campaign }: { campaign: CampaignSummary }) {
  const opens = formatDate(campaign.signupOpensAt)
  const closes = formatDate(campaign.signupClosesAt)
  const testing = formatDate(campaign.testingStartsAt)
  const placesLeft = campaign.placesLeft
  const quota = campaign.quota
  return (
    <ul className="space-y-1 text-sm text-ink">
      {campaign.phase === 'open' && (
        <li className="flex items-center gap-2">
          <Users className="size-4 shrink-0 text-authentic" aria-hidden="true" />
          {placesLeft > 0 ? (
            <Trans>
              {placesLeft} of {quota} places left
            </Trans>
          ) : (
            <span className="font-semibold text-warn">
              <Trans>All {quota} places taken: new applicants join the waitlist</Trans>
            </span>
          )}
        </li>
      )}
      <li className="flex items-center gap-2">
        <CalendarDays className="size-4 shrink-0 text-authentic" aria-hidden="true" />
        {campaign.phase === 'upcoming' ? (
          <Trans>Applications open {opens}</Trans>
        ) : campaign.phase === 'open' ? (
          <Trans>Apply by {closes}</Trans>
        ) : (
          <Trans>Testing since {testing}</Trans>
        )}
      </li>
    </ul>
  )
}

/** A campaign in a list: picture, brand, title (the link), summary, phase and timing; `children` adds a member's view. */
export function CampaignCard({
  campaign,
  link,
  headingLevel = 2,
  children,
}: {
  campaign: CampaignSummary
  link: LinkProps
  headingLevel?: 2 | 3 | 4
  children?: ReactNode
}) {
  const { t } = useLingui()
  const Heading = `h${headingLevel}` as const
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <ProductImage imageUrl={campaign.imageUrl} alt={t`${campaign.productName} by ${campaign.brand}`} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <PhaseBadge phase={campaign.phase} />
          <span className="text-sm text-muted">{campaign.categoryName}</span>
        </div>
        <div>
          <p className="text-sm font-semibold tracking-wide text-toga uppercase">{campaign.brand}</p>
          <Heading className="mt-1 text-lg font-bold text-authentic">
            <Link {...link} className="underline-offset-4 hover:underline">
              {campaign.title}
            </Link>
          </Heading>
        </div>
        <p className="flex-1 leading-relaxed text-ink">{campaign.summary}</p>
        <CampaignTiming campaign={campaign} />
        {children}
      </div>
    </article>
  )
}
