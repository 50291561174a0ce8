import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Participation } from '#contract/participations'
import { EmptyState } from '~/components/ui/empty-state'
import { FindATestButton } from '~/components/member/find-a-test-button'
import { formatDate } from '~/lib/date-format'
import { NextStep } from './next-step'
import { ProductThumb } from '~/components/catalogue/product-thumb'
import { groupParticipations } from '~/lib/participation-steps'
import { groupText } from '~/lib/participation-texts'
import { ParticipationStatusBadge } from './status-badge'
import { participationsQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

/** The member's participations, grouped by where they stand, each with its next step. */
export function ParticipationsList() {
  const { i18n } = useLingui()
  const data = useSuspenseQueryData(participationsQuery)

  if (data.items.length === 0) {
    return (
      <EmptyState title={<Trans>No campaigns yet</Trans>} action={<FindATestButton />}>
        <Trans>
          Pick a product you would like to try, answer a few questions and apply. Selected testers receive the product and share their honest opinion.
        </Trans>
      </EmptyState>
    )
  }

  return (
    <div className="flex flex-col gap-10">
      {groupParticipations(data.items).map(({ group, items }) => (
        <section key={group} aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`} className="text-xl font-bold text-authentic">
            {i18n._(groupText[group].title)} <span className="font-normal text-muted">({items.length})</span>
          </h2>
          <p className="mt-1 text-muted">{i18n._(groupText[group].intro)}</p>
          <ul className="mt-4 flex flex-col gap-4">
            {items.map((p) => (
              <ParticipationCard key={p.id} participation={p} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function ParticipationCard({ participation: p }: { participation: Participation }) {
  const locale = useLocale()
  const { t } = useLingui()
  const applied = formatDate(p.appliedAt)
  return (
    <li className="rounded-xl border border-line bg-white p-4 sm:p-5" data-testid="participation-card">
      <div className="flex gap-4">
        <ProductThumb imageUrl={p.campaign.imageUrl} className="size-16 shrink-0 sm:size-20" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="text-lg font-semibold text-ink">
              <Link to="/$locale/member/campaigns/$id" params={{ locale, id: p.campaignId }} className="hover:underline">
                {p.campaign.title}
              </Link>
            </h3>
            <ParticipationStatusBadge status={p.status} />
          </div>
          <p className="text-sm text-muted">
            {p.campaign.brand} · {p.campaign.productName} · {t`${p.flightName}, applied ${applied}`}
          </p>
        </div>
      </div>
      <div className="mt-4 border-t border-line pt-4">
        <NextStep participation={p} />
      </div>
    </li>
  )
}
