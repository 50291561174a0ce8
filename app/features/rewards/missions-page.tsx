import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckCircle2, Circle } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { MemberPage } from '~/components/member/member-page'
import { formatDate } from '~/lib/date-format'
import { cn } from '~/lib/cn'
import { missionsQuery, pointsQuery } from '~/features/rewards/rewards.queries'
import { standingQuery } from '~/features/rewards/standing.queries'
import { StandingSection } from './standing-section'
import { missionText } from './reward-texts'
import { useLocale } from '~/lib/locale'

export function MissionsPage() {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const missions = useSuspenseQuery(missionsQuery)
  const points = useSuspenseQuery(pointsQuery)
  const standing = useSuspenseQuery(standingQuery)

  return (
    <MemberPage title={t`Missions`} intro={t`Complete missions to earn points, then redeem your points for rewards.`}>
      {missions.data && (
        <>
          <section
            aria-labelledby="balance-heading"
            className="flex flex-wrap items-center justify-between gap-4 rounded-2xl on-dark bg-authentic p-6 text-white"
          >
            <div>
              <h2 id="balance-heading" className="text-sm font-semibold tracking-wide uppercase">
                <Trans>Your points</Trans>
              </h2>
              <p className="mt-1 text-4xl font-extrabold" data-testid="missions-balance">
                {missions.data.balance}
              </p>
            </div>
            <Button asChild severity="light">
              <Link to="/$locale/member/missions/rewards" params={{ locale }}>
                {t`Redeem your points`}
              </Link>
            </Button>
          </section>

          <section aria-labelledby="missions-heading" className="mt-10">
            <h2 id="missions-heading" className="text-xl font-bold text-authentic">
              <Trans>Your missions</Trans>
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {missions.data.missions.map((mission) => {
                const text = missionText[mission.key]
                return (
                  <li
                    key={mission.key}
                    className={cn('flex gap-3 rounded-xl border p-5', mission.completed ? 'border-verdin/40 bg-[#f1f8f4]' : 'border-line bg-white')}
                  >
                    {mission.completed ? (
                      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-verdin" aria-hidden="true" />
                    ) : (
                      <Circle className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
                    )}
                    <div>
                      <h3 className="font-semibold text-ink">{i18n._(text.title)}</h3>
                      <p className="mt-1 text-sm text-muted">{i18n._(text.description)}</p>
                      <p className="mt-2 text-sm font-semibold text-ink">
                        {mission.repeatable
                          ? t`${mission.points} points each time · earned ${mission.pointsEarned} so far`
                          : mission.completed
                            ? t`Done · ${mission.pointsEarned} points earned`
                            : t`${mission.points} points · to do`}
                      </p>
                    </div>
                  </li>
                )
              })}
            </ul>
          </section>
        </>
      )}

      <StandingSection standing={standing.data} />

      <section aria-labelledby="ledger-heading" className="mt-10">
        <h2 id="ledger-heading" className="text-xl font-bold text-authentic">
          <Trans>Points history</Trans>
        </h2>
        {points.data.entries.length === 0 && <p className="mt-3 text-muted">{t`No points yet. Your first mission is waiting above.`}</p>}
        {points.data.entries.length > 0 && (
          <table className="mt-4 w-full text-left text-sm">
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  <Trans>Date</Trans>
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  <Trans>What for</Trans>
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  <Trans>Points</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {points.data.entries.map((entry) => (
                <tr key={entry.id} className="border-b border-line/60">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(entry.createdAt)}</td>
                  <td className="py-2 pr-4">{entry.reason}</td>
                  <td className={cn('py-2 text-right font-semibold', entry.kind === 'credit' ? 'text-verdin' : 'text-danger')}>
                    {entry.kind === 'credit' ? `+${entry.points}` : `−${entry.points}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </MemberPage>
  )
}
