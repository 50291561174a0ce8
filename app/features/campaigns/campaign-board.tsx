import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckCircle2 } from 'lucide-react'
import type { CampaignEligibility, CampaignSummary } from '#contract/campaigns'
import type { Participation } from '#contract/participations'
import { campaignBoardQuery, eligibilityQuery } from '~/features/campaigns/campaigns.queries'
import { CampaignCard } from '~/components/catalogue/campaign-card'
import { IneligibleReasons } from '~/components/member/eligibility-reasons'
import { SignupStatus } from './participation-status'
import { participationsQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'

/** This member and one campaign: applied already, may apply, or why not. */
function MemberFit({
  campaign,
  eligibility,
  signups,
  back,
}: {
  campaign: CampaignSummary
  eligibility: CampaignEligibility | undefined
  signups: Participation[]
  back: string
}) {
  const mine = signups.find((p) => p.campaignId === campaign.id && p.status !== 'not-eligible')
  if (mine) {
    return (
      <p className="rounded-lg bg-authentic-soft p-3 text-sm font-semibold text-authentic">
        <SignupStatus participation={mine} />
      </p>
    )
  }
  // The member API answers for the campaigns open or upcoming when it was asked.
  if (!eligibility) return null
  const reasons = eligibility.reasons
  if (reasons.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-[#e7f4ee] p-3 text-sm font-semibold text-[#12402f]">
        <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
        {campaign.phase === 'open' ? <Trans>You can apply.</Trans> : <Trans>You meet the rules: apply once applications open.</Trans>}
      </p>
    )
  }
  return (
    <div className="rounded-lg bg-[#fdf3e6] p-3 text-sm text-[#5c3100]">
      <p className="font-semibold">
        <Trans>You cannot apply yet:</Trans>
      </p>
      <div className="mt-1">
        <IneligibleReasons reasons={reasons} back={back} />
      </div>
    </div>
  )
}

/** Campaigns open now (or coming next), each with whether this member may apply and why not. */
export function CampaignBoard({ phase, back }: { phase: 'open' | 'upcoming'; back: string }) {
  const locale = useLocale()
  const board = useSuspenseQuery(campaignBoardQuery(phase))
  const eligibility = useSuspenseQuery(eligibilityQuery)
  const signups = useSuspenseQuery(participationsQuery)

  if (board.data.length === 0) {
    return (
      <div className="rounded-2xl border border-line bg-white p-6">
        <p className="font-semibold text-ink">
          {phase === 'open' ? <Trans>No campaigns are open for applications right now.</Trans> : <Trans>No new campaigns are scheduled yet.</Trans>}
        </p>
        <p className="mt-2 text-ink">
          {phase === 'open' ? (
            <Trans>
              New tests open regularly.{' '}
              <Link to="/$locale/upcoming-tests" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
                See what opens next
              </Link>
              .
            </Trans>
          ) : (
            <Trans>
              We announce new tests here first.{' '}
              <Link to="/$locale/ready-to-test" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
                See the campaigns open now
              </Link>
              .
            </Trans>
          )}
        </p>
      </div>
    )
  }

  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {board.data.map((campaign) => (
        <li key={campaign.id}>
          <CampaignCard campaign={campaign} link={{ to: '/$locale/ready-to-test/$id', params: { locale, id: campaign.id } }}>
            <MemberFit campaign={campaign} eligibility={eligibility.data.find((e) => e.campaignId === campaign.id)} signups={signups.data.items} back={back} />
          </CampaignCard>
        </li>
      ))}
    </ul>
  )
}

/** Links between the two boards. */
export function BoardTabs({ current }: { current: 'open' | 'upcoming' }) {
  const locale = useLocale()
  const { t } = useLingui()
  const base = 'rounded-full px-4 py-2 font-semibold'
  return (
    <nav aria-label={t`Campaigns`} className="mb-6 flex flex-wrap gap-2">
      <Link
        to="/$locale/ready-to-test"
        params={{ locale }}
        aria-current={current === 'open' ? 'page' : undefined}
        className={current === 'open' ? `${base} bg-authentic text-white` : `${base} bg-authentic-soft text-authentic hover:bg-[#d6e0ee]`}
      >
        <Trans>Open now</Trans>
      </Link>
      <Link
        to="/$locale/upcoming-tests"
        params={{ locale }}
        aria-current={current === 'upcoming' ? 'page' : undefined}
        className={current === 'upcoming' ? `${base} bg-authentic text-white` : `${base} bg-authentic-soft text-authentic hover:bg-[#d6e0ee]`}
      >
        <Trans>Opening soon</Trans>
      </Link>
    </nav>
  )
}
