import { Trans, useLingui } from '@lingui/react/macro'
import { Award } from 'lucide-react'
import { STANDING_POINTS, TIERS, type Standing, type StandingFactor } from '#contract/standing'
import { cn } from '~/lib/cn'
import { standingFactorLabel, tierLabel } from '~/lib/standing-texts'

/** The member's standing: their tier and score, what counts and by how much, and what the next tier takes. */
export function StandingSection({ standing }: { standing: Standing }) {
  const { t, i18n } = useLingui()
  const tier = i18n._(tierLabel[standing.tier])
  const score = standing.score
  const next = standing.next
  const nextTier = next ? i18n._(tierLabel[next.tier]) : null
  const toGo = next?.pointsToGo ?? 0
  return (
    <section id="standing" aria-labelledby="standing-heading" className="mt-10 scroll-mt-24">
      <h2 id="standing-heading" className="text-xl font-bold text-authentic">
        <Trans>Your standing</Trans>
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-white p-6">
        <Award className="size-10 shrink-0 text-viose" aria-hidden="true" />
        <div className="flex-1">
          <p className="text-2xl font-extrabold text-ink" data-testid="standing-tier">
            {tier}
          </p>
          <p className="mt-1 text-muted">
            {next ? (
              <Trans>
                Score {score}. {toGo} more to reach {nextTier}.
              </Trans>
            ) : (
              <Trans>Score {score}. This is the highest tier.</Trans>
            )}
          </p>
        </div>
      </div>
      <p className="mt-4 text-muted">
        <Trans>
          Your standing comes from your record as a tester. Some tests are open only from a given tier, and when a test is full, a place that frees up goes to
          the waiting member with the highest standing.
        </Trans>
      </p>
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">{t`What counts towards your standing`}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              <Trans>What counts</Trans>
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              <Trans>Each</Trans>
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              <Trans>Yours</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(STANDING_POINTS) as StandingFactor[]).map((factor) => {
            const each = STANDING_POINTS[factor]
            return (
              <tr key={factor} className="border-b border-line/60">
                <td className="py-2 pr-4">{i18n._(standingFactorLabel[factor])}</td>
                <td className={cn('py-2 pr-4 text-right font-semibold', each > 0 ? 'text-verdin' : 'text-danger')}>{each > 0 ? `+${each}` : `−${-each}`}</td>
                <td className="py-2 text-right">{standing.counts[factor]}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="mt-4 text-sm text-muted">{TIERS.map((tierOf) => `${i18n._(tierLabel[tierOf.id])}: ${t`from ${tierOf.minScore}`}`).join(' · ')}</p>
    </section>
  )
}
